import CHostSupport
import Foundation
import Glibc

/// Talks to the unlock agent of a home, when one runs. A request that finds no agent (no folder, no
/// socket, nobody listening) answers nil at once, so asking costs a command almost nothing. Before
/// anything is sent, the agent is checked to be this user's own: its folder a real folder of the
/// user's that no one else may enter, its socket a socket of the user's, the process listening one
/// of the user's (SO_PEERCRED). Anything else is an error naming the path, never "no agent": it is
/// what another local user who made the folder first would look like.
///
/// Thread rule: a value; each call opens its own connection, from any thread.
public struct UnlockAgentClient: Sendable {
    public let address: UnlockAgentAddress
    /// The longest a reply may take.
    public var timeout: Duration = .seconds(5)

    public init(address: UnlockAgentAddress) {
        self.address = address
    }

    /// The agent's reply, or nil when no agent answers.
    /// - Throws: when what answers is not this user's own agent (nothing was sent).
    public func request(_ message: UnlockAgentMessage) throws(AccountError) -> UnlockAgentMessage? {
        guard let connection = try connect() else { return nil }
        defer { close(connection) }
        guard UnlockAgentSocket.send(message, to: connection) else { return nil }
        return UnlockAgentLineReader(connection).next()
    }

    /// Subscribes: `onEvent` is called with the status first, then with each event, on the calling
    /// thread, until the agent goes away or `onEvent` returns false. Returns false when no agent
    /// answers, or what answers is not this user's own agent.
    public func subscribe(_ onEvent: (UnlockAgentMessage) -> Bool) -> Bool {
        guard let connection = try? connect(receiveTimeout: false) else { return false }
        defer { close(connection) }
        guard UnlockAgentSocket.send(UnlockAgentMessage(.subscribe), to: connection) else { return false }
        let reader = UnlockAgentLineReader(connection)
        while let message = reader.next(), onEvent(message) {}
        return true
    }

    private func connect(receiveTimeout: Bool = true) throws(AccountError) -> Int32? {
        guard let folder = try openFolder() else { return nil }
        defer { close(folder) }
        var status = stat()
        if fstatat(folder, address.socketName, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            guard errno == ENOENT else { throw refusal("\(address.socketPath) cannot be checked: \(String(cString: strerror(errno)))") }
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw refusal("\(address.socketPath) is not a socket") }
        guard status.st_uid == getuid() else { throw refusal("the socket \(address.socketPath) belongs to uid \(status.st_uid), not to you (uid \(getuid()))") }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        if receiveTimeout {
            let (seconds, attoseconds) = timeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        guard UnlockAgentSocket.withAddress(folder: folder, name: address.socketName, { Glibc.connect(socket, $0, $1) }) == 0 else {
            close(socket)
            return nil
        }
        var peer: UInt32 = 0
        guard linkstr_peer_uid(socket, &peer) == 0, peer == getuid() else {
            close(socket)
            throw refusal("the process answering on \(address.socketPath) runs as uid \(peer), not as you (uid \(getuid()))")
        }
        return socket
    }

    /// The agent's folder, open (O_PATH) once it is checked; nil when there is none.
    private func openFolder() throws(AccountError) -> Int32? {
        let folder = open(address.folder, UnlockAgentSocket.folderFlags)
        guard folder >= 0 else {
            if errno == ENOENT { return nil }
            throw refusal("\(address.folder) is not a real folder (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(folder, &status) == 0 else {
            close(folder)
            throw refusal("\(address.folder) cannot be checked: \(String(cString: strerror(errno)))")
        }
        if status.st_uid != getuid() {
            close(folder)
            throw refusal("the folder \(address.folder) belongs to uid \(status.st_uid), not to you (uid \(getuid()))")
        }
        if status.st_mode & 0o077 != 0 {
            close(folder)
            throw refusal("the folder \(address.folder) is open to others (mode \(String(status.st_mode & 0o777, radix: 8))); it must be 0700")
        }
        return folder
    }

    private func refusal(_ reason: String) -> AccountError {
        AccountError("refusing the unlock agent: \(reason); another user may have planted it. Nothing was sent to it; remove it, then run `linkstr unlock` again")
    }
}
