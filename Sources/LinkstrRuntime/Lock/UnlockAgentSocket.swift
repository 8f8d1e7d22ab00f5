import CHostSupport
import Foundation
import Glibc
import Synchronization

/// The Unix stream socket calls the agent and its clients share: making the address, and reading and
/// writing the protocol's lines (one JSON object each, at most 1 MiB).
enum UnlockAgentSocket {
    static let maximumLine = 1 << 20
    /// Opens the agent's folder to check it and reach its socket through it, not to read it:
    /// O_PATH (Linux's value; Glibc's module leaves it out), without following a symbolic link.
    static let folderFlags: Int32 = 0o10000000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// A `sockaddr_un` for the socket `name` in the folder open as `folder`, passed to `body`. The
    /// path goes through the descriptor (`/proc/self/fd/N/name`): it is short whatever the folder's
    /// path, and it names the folder that was checked, not whatever that path leads to later.
    static func withAddress<Value>(folder: Int32, name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Value) -> Value? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array("/proc/self/fd/\(folder)/\(name)".utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Writes `message` as one line; false when the other end is gone.
    static func send<Message: Encodable>(_ message: Message, to descriptor: Int32) -> Bool {
        guard var data = try? JSONEncoder().encode(message) else { return false }
        data.append(0x0A)
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Why a socket was not trusted: it is not this user's own (nothing was sent to it).
    struct Refusal: Error {
        var reason: String
    }

    /// A connection to the socket at `address`, or nil when nobody listens there (no folder, no
    /// socket, no process). Before anything is sent, the socket is checked to be this user's own: its
    /// folder a real folder of the user's that no one else may enter, the socket a socket of the
    /// user's, the process listening one of the user's (SO_PEERCRED).
    /// - Parameter timeout: the longest a read may wait; nil for no limit.
    static func connect(_ address: UnlockAgentAddress, timeout: Duration?) throws(Refusal) -> Int32? {
        guard let folder = try openFolder(address.folder) else { return nil }
        defer { close(folder) }
        var status = stat()
        if fstatat(folder, address.socketName, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            guard errno == ENOENT else { throw Refusal(reason: "\(address.socketPath) cannot be checked: \(String(cString: strerror(errno)))") }
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw Refusal(reason: "\(address.socketPath) is not a socket") }
        guard status.st_uid == getuid() else {
            throw Refusal(reason: "the socket \(address.socketPath) belongs to uid \(status.st_uid), not to you (uid \(getuid()))")
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        if let timeout { setReceiveTimeout(socket, timeout) }
        guard withAddress(folder: folder, name: address.socketName, { Glibc.connect(socket, $0, $1) }) == 0 else {
            close(socket)
            return nil
        }
        var peer: UInt32 = 0
        guard linkstr_peer_uid(socket, &peer) == 0, peer == getuid() else {
            close(socket)
            throw Refusal(reason: "the process answering on \(address.socketPath) runs as uid \(peer), not as you (uid \(getuid()))")
        }
        return socket
    }

    /// The longest a read on `socket` waits from now on.
    static func setReceiveTimeout(_ socket: Int32, _ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The socket's folder, open (O_PATH) once it is checked; nil when there is none.
    private static func openFolder(_ path: String) throws(Refusal) -> Int32? {
        let folder = open(path, folderFlags)
        guard folder >= 0 else {
            if errno == ENOENT { return nil }
            throw Refusal(reason: "\(path) is not a real folder (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(folder, &status) == 0 else {
            close(folder)
            throw Refusal(reason: "\(path) cannot be checked: \(String(cString: strerror(errno)))")
        }
        if status.st_uid != getuid() {
            close(folder)
            throw Refusal(reason: "the folder \(path) belongs to uid \(status.st_uid), not to you (uid \(getuid()))")
        }
        if status.st_mode & 0o077 != 0 {
            close(folder)
            throw Refusal(reason: "the folder \(path) is open to others (mode \(String(status.st_mode & 0o777, radix: 8))); it must be 0700")
        }
        return folder
    }

    /// Makes the folder (0700) unless it exists, checks it is a real folder of this user, and opens it.
    static func prepareFolder(_ folder: String) throws(LinkstrError) -> Int32 {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw LinkstrError(.failed, "cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(folder, folderFlags)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_uid == getuid() else {
            if descriptor >= 0 { close(descriptor) }
            throw LinkstrError(.failed, "\(folder) is not a folder of this user; remove it or set XDG_RUNTIME_DIR")
        }
        // An O_PATH descriptor takes no fchmod; the path names the folder just checked, which only this user can replace.
        if status.st_mode & 0o777 != 0o700 { chmod(folder, 0o700) }
        return descriptor
    }

    /// Replaces whatever is at `address` with a socket of mode 0600 listening there, bound through
    /// the folder open as `folder`.
    static func listen(_ address: UnlockAgentAddress, folder: Int32) throws(LinkstrError) -> Listener {
        unlinkat(folder, address.socketName, 0)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw LinkstrError(.failed, "cannot make a socket: \(String(cString: strerror(errno)))") }
        // The socket is made 0600 before anyone can connect: bound under a umask that keeps others out.
        let previous = umask(0o177)
        let bound = withAddress(folder: folder, name: address.socketName) { bind(socket, $0, $1) }
        umask(previous)
        guard bound == 0, Glibc.listen(socket, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw LinkstrError(.failed, "cannot listen on \(address.socketPath): \(reason)")
        }
        return Listener(socket)
    }

    /// A listening socket whose accept loop owns the descriptor. `stop` shuts the socket down and the
    /// loop closes it once `accept` has returned: closed from `stop` instead, the descriptor's number
    /// could be given to a socket opened later before the loop's next `accept`, and the loop would
    /// take that socket's connections.
    ///
    /// Thread rule: `acceptEach` blocks its thread until `stop` (from any thread).
    final class Listener: Sendable {
        private enum Loop { case notStarted, accepting, stopped }
        private let descriptor: Int32
        private let loop = Mutex(Loop.notStarted)

        init(_ descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Hands each accepted connection to `serve` until `stop`; returns at once after `stop`.
        func acceptEach(_ serve: (Int32) -> Void) {
            let starts = loop.withLock { loop in
                guard loop == .notStarted else { return false }
                loop = .accepting
                return true
            }
            guard starts else { return }
            defer { close(descriptor) }
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                serve(connection)
            }
        }

        func stop() {
            let loopCloses = loop.withLock { loop in
                defer { loop = .stopped }
                return loop == .accepting
            }
            if loopCloses { shutdown(descriptor, Int32(SHUT_RDWR)) } else { close(descriptor) }
        }
    }
}
