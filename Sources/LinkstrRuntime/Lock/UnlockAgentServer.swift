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
    private let listener: UnlockAgentSocket.Listener
    /// Held (flock) while the agent lives.
    private let lockDescriptor: Int32

    /// Binds and listens.
    /// - Throws: when the folder is not the user's, another agent answers there, or a call fails.
    public init(address: UnlockAgentAddress, agent: UnlockAgent) throws(LinkstrError) {
        self.address = address
        self.agent = agent
        _ = linkstr_forbid_core_dumps()
        let folder = try UnlockAgentSocket.prepareFolder(address.folder)
        defer { close(folder) }
        let lockPath = address.socketPath + ".lock"
        lockDescriptor = openat(folder, address.socketName + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw LinkstrError(.failed, "cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(lockDescriptor)
            throw LinkstrError(.failed, "an unlock agent already runs for this home (\(address.socketPath))")
        }
        do throws(LinkstrError) {
            listener = try UnlockAgentSocket.listen(address, folder: folder)
        } catch {
            close(lockDescriptor)
            throw error
        }
    }

    /// Accepts connections until `stop`.
    public func run() {
        // The agent starts no program, so its connections need no close-on-exec.
        listener.acceptEach { connection in Thread.detachNewThread { [self] in serve(connection) } }
    }

    /// Stops accepting and removes the socket; connections already open end with their clients.
    public func stop() {
        unlink(address.socketPath)
        listener.stop()
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
}
