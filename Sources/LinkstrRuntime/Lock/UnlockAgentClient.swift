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
    public func request(_ message: UnlockAgentMessage) throws(LinkstrError) -> UnlockAgentMessage? {
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

    private func connect(receiveTimeout: Bool = true) throws(LinkstrError) -> Int32? {
        do throws(UnlockAgentSocket.Refusal) {
            return try UnlockAgentSocket.connect(address, timeout: receiveTimeout ? timeout : nil)
        } catch {
            throw refusal(error.reason)
        }
    }

    private func refusal(_ reason: String) -> LinkstrError {
        LinkstrError(.failed, "refusing the unlock agent: \(reason); another user may have planted it. Nothing was sent to it; remove it, then run `linkstr unlock` again")
    }
}
