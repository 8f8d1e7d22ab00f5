import Foundation
import Glibc

/// Talks to the unlock agent of a home, when one runs. A request that finds no agent (no socket,
/// nobody listening) answers nil at once, so asking costs a command almost nothing.
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
    public func request(_ message: UnlockAgentMessage) -> UnlockAgentMessage? {
        guard let connection = connect() else { return nil }
        defer { close(connection) }
        guard UnlockAgentSocket.send(message, to: connection) else { return nil }
        return UnlockAgentLineReader(connection).next()
    }

    /// Subscribes: `onEvent` is called with the status first, then with each event, on the calling
    /// thread, until the agent goes away or `onEvent` returns false. Returns false when no agent answers.
    public func subscribe(_ onEvent: (UnlockAgentMessage) -> Bool) -> Bool {
        guard let connection = connect(receiveTimeout: false) else { return false }
        defer { close(connection) }
        guard UnlockAgentSocket.send(UnlockAgentMessage(.subscribe), to: connection) else { return false }
        let reader = UnlockAgentLineReader(connection)
        while let message = reader.next(), onEvent(message) {}
        return true
    }

    private func connect(receiveTimeout: Bool = true) -> Int32? {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        if receiveTimeout {
            let (seconds, attoseconds) = timeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        let connected = UnlockAgentSocket.withAddress(address.socketPath) { Glibc.connect(socket, $0, $1) }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        return socket
    }
}
