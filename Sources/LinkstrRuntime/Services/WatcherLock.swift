import Foundation
import Glibc
import NostrCore

/// One watcher per home and profile: two (the service and a watch in a terminal) would notify
/// every event twice. The watcher holds an exclusive `flock` on `<state>/watch-<pubkey>.lock`,
/// which says who holds it (pid and since when); the lock goes with the process, however it ends.
///
/// Thread rule: owned by one watch; releasing is closing.
final class WatcherLock {
    private let descriptor: Int32

    /// Takes the lock of `account` in the home whose state folder is `stateDirectory`.
    ///
    /// - Throws: when another process holds it, naming it.
    init(stateDirectory: String, account: PublicKey, now: Int64) throws(LinkstrError) {
        let path = stateDirectory + "/watch-\(account.hex).lock"
        if mkdir(stateDirectory, 0o700) != 0, errno != EEXIST {
            throw LinkstrError(.failed, "cannot create \(stateDirectory): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw LinkstrError(.failed, "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.read(descriptor)
            Glibc.close(descriptor)
            throw LinkstrError(
                .failed,
                "another linkstr watch (\(holder.isEmpty ? "a running process" : holder)) already follows \(account.npub) in this home "
                    + "and notifies what arrives; this one stops rather than notify everything twice (stop that one first: "
                    + "`systemctl --user stop` for the service, Ctrl-C in its terminal)")
        }
        let text = "pid \(getpid()), since \(ISOTime.string(now))"
        ftruncate(descriptor, 0)
        _ = text.utf8CString.withUnsafeBufferPointer { pwrite(descriptor, $0.baseAddress, $0.count - 1, 0) }
        self.descriptor = descriptor
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Who holds the lock of `account` (what it wrote: pid and since when), or nil when no watch
    /// does. Looking takes the lock shared for an instant; a watch starting at that very instant is
    /// refused as if another one ran (it names the last holder).
    static func holder(stateDirectory: String, account: PublicKey) -> String? {
        let descriptor = open(stateDirectory + "/watch-\(account.hex).lock", O_RDONLY | O_CLOEXEC)
        // No lock file: no watch ever ran here.
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let holder = read(descriptor)
        return holder.isEmpty ? "a running process" : holder
    }

    private static func read(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
