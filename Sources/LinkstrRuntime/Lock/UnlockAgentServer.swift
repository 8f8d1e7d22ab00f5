import CHostSupport
import Foundation
import Glibc

/// The unlock agent on its Unix socket: a thread per connection, each request answered by the
/// ``UnlockAgent``; only processes of the same user are answered (SO_PEERCRED). The folder is made
/// 0700 (and refused when another user owns it), the socket 0600; a stale socket of an agent that
/// is gone is replaced, a live one is left alone. Making one keeps the process out of core dumps
/// and from being traced (PR_SET_DUMPABLE 0).
///
/// Thread rule: `run` blocks the calling thread until `stop` (from any thread).
public final class UnlockAgentServer: @unchecked Sendable {
    public let address: UnlockAgentAddress
    public let agent: UnlockAgent
    private let descriptor: Int32

    /// Binds and listens.
    /// - Throws: when the folder is not the user's, another agent answers there, or a call fails.
    public init(address: UnlockAgentAddress, agent: UnlockAgent) throws(AccountError) {
        self.address = address
        self.agent = agent
        _ = linkstr_forbid_core_dumps()
        try Self.prepareFolder(address.folder)
        if UnlockAgentClient(address: address).request(UnlockAgentMessage(.status)) != nil {
            throw AccountError("an unlock agent already answers on \(address.socketPath)")
        }
        unlink(address.socketPath)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw AccountError("cannot make a socket: \(String(cString: strerror(errno)))") }
        // The socket is made 0600 before anyone can connect: bound under a umask that keeps others out.
        let previous = umask(0o177)
        let bound = UnlockAgentSocket.withAddress(address.socketPath) { bind(socket, $0, $1) }
        umask(previous)
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = bound == nil ? "the path is too long for a socket" : String(cString: strerror(errno))
            close(socket)
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

    private static func prepareFolder(_ folder: String) throws(AccountError) {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw AccountError("cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid() else {
            throw AccountError("\(folder) is not a folder of this user; remove it or set XDG_RUNTIME_DIR")
        }
        if status.st_mode & 0o777 != 0o700 { chmod(folder, 0o700) }
    }
}
