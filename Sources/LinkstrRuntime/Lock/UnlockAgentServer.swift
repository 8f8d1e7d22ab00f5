import CHostSupport
import Foundation
import Glibc

/// The unlock agent on its Unix socket: a thread per connection, each request answered by the
/// ``UnlockAgent``; only processes of the same user are answered (SO_PEERCRED). The folder is made
/// 0700 (and refused when another user owns it), the socket 0600, bound through the folder's
/// descriptor. One agent per home: it holds an exclusive lock on `<socket>.lock` while it lives, so
/// a second one is refused and a stale socket of an agent that is gone is replaced. Making one
/// keeps the process out of core dumps and from being traced (PR_SET_DUMPABLE 0).
///
/// Thread rule: `run` blocks the calling thread until `stop` (from any thread).
public final class UnlockAgentServer: @unchecked Sendable {
    public let address: UnlockAgentAddress
    public let agent: UnlockAgent
    private let descriptor: Int32
    /// Held (flock) while the agent lives.
    private let lockDescriptor: Int32

    /// Binds and listens.
    /// - Throws: when the folder is not the user's, another agent answers there, or a call fails.
    public init(address: UnlockAgentAddress, agent: UnlockAgent) throws(AccountError) {
        self.address = address
        self.agent = agent
        _ = linkstr_forbid_core_dumps()
        let folder = try Self.prepareFolder(address.folder)
        defer { close(folder) }
        let lockPath = address.socketPath + ".lock"
        lockDescriptor = openat(folder, address.socketName + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw AccountError("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(lockDescriptor)
            throw AccountError("an unlock agent already runs for this home (\(address.socketPath))")
        }
        unlinkat(folder, address.socketName, 0)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw AccountError("cannot make a socket: \(String(cString: strerror(errno)))") }
        // The socket is made 0600 before anyone can connect: bound under a umask that keeps others out.
        let previous = umask(0o177)
        let bound = UnlockAgentSocket.withAddress(folder: folder, name: address.socketName) { bind(socket, $0, $1) }
        umask(previous)
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            close(lockDescriptor)
            throw AccountError("cannot listen on \(address.socketPath): \(reason)")
        }
        descriptor = socket
    }

    /// Accepts connections until `stop`.
    public func run() {
        while true {
            // The agent starts no program, so its connections need no close-on-exec.
            let connection = accept(descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    /// Stops accepting and removes the socket; connections already open end with their clients.
    public func stop() {
        unlink(address.socketPath)
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        close(lockDescriptor)
    }

    /// Whether the socket is still where clients look for it (the runtime folder goes at logout).
    public var socketIsInPlace: Bool {
        var status = stat()
        return lstat(address.socketPath, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var peer: UInt32 = 0
        guard linkstr_peer_uid(connection, &peer) == 0, peer == getuid() else {
            _ = UnlockAgentSocket.send(UnlockAgent.failure("this agent answers only its own user"), to: connection)
            return
        }
        let reader = UnlockAgentLineReader(connection)
        while let request = reader.next() {
            guard request.op == .subscribe else {
                guard UnlockAgentSocket.send(agent.answer(request), to: connection) else { return }
                continue
            }
            let (id, reply) = agent.subscribe { event in UnlockAgentSocket.send(event, to: connection) }
            defer { agent.unsubscribe(id) }
            guard UnlockAgentSocket.send(reply, to: connection) else { return }
            // The subscriber only listens; its end of the stream ends the subscription.
            while reader.next() != nil {}
            return
        }
    }

    /// Makes the folder (0700) unless it exists, checks it is a real folder of this user, and opens it.
    private static func prepareFolder(_ folder: String) throws(AccountError) -> Int32 {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw AccountError("cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(folder, UnlockAgentSocket.folderFlags)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_uid == getuid() else {
            if descriptor >= 0 { close(descriptor) }
            throw AccountError("\(folder) is not a folder of this user; remove it or set XDG_RUNTIME_DIR")
        }
        // An O_PATH descriptor takes no fchmod; the path names the folder just checked, which only this user can replace.
        if status.st_mode & 0o777 != 0o700 { chmod(folder, 0o700) }
        return descriptor
    }
}
