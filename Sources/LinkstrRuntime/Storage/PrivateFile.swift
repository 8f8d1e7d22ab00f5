import Foundation
import Glibc

/// A file only its owner may read and write (mode 0600, in a folder made 0700 when missing), replaced
/// whole: the new bytes go to a temporary file beside it, synced, renamed over it, and the folder is
/// synced so that the rename survives a crash. A reader sees the old file or the new one, never part
/// of either. Keys, the profile list, the lock's verifier, backups, the notified ids and the browser
/// permissions are written this way.
///
/// Thread rule: thread-safe (one temporary name per process; two threads of one process must not
/// replace the same file at once).
enum PrivateFile {
    /// Why a private file could not be written: a sentence naming the file and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Replaces the file at `path` with `bytes`.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolder(folder)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot write \(temporary)") }
        let written = (try? write(bytes, to: descriptor, path: temporary)) != nil
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary, path) == 0 else {
            let reason = failure("cannot write \(path)")
            unlink(temporary)
            throw reason
        }
        try syncFolder(folder)
    }

    /// Writes all of `bytes` to `descriptor` (`path` names it in the error), going on after a signal.
    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write \(path)")
            }
            offset += written
        }
    }

    /// Creates `folder` (mode 0700) and the folders above it that are missing.
    static func makeFolder(_ folder: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot create \(folder): \(error.localizedDescription)")
        }
    }

    /// Makes the folder's entries (a file written, renamed or removed) durable.
    static func syncFolder(_ folder: String) throws(Failure) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open \(folder) to sync it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync \(folder)") }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
