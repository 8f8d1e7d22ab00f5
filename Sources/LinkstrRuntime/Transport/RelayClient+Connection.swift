import LinkstrHost

extension RelayClient {
    /// Waits until a relay is connected (`writable`: one that accepts writes), at most until
    /// `deadline`. Gives up at once when every relay has failed its attempt (the connection was
    /// refused, the host did not resolve, …): the transport tries again only after a back-off
    /// longer than a command waits, so waiting on would only delay the same error.
    public func waitForConnection(until deadline: ContinuousClock.Instant, writable: Bool = false) async -> Bool {
        _ = await waitForStatuses(until: deadline) { statuses in
            Self.isConnected(statuses, writable: writable) || Self.everyRelayFailed(statuses)
        }
        return Self.isConnected(statuses, writable: writable)
    }

    /// Whether every relay has failed (none connected, connecting or of an unknown status).
    public var everyRelayFailed: Bool { Self.everyRelayFailed(statuses) }

    private static func isConnected(_ statuses: [String: RelayStatus], writable: Bool) -> Bool {
        writable ? statuses.values.contains(.connected) : statuses.values.contains(where: \.isConnected)
    }

    private static func everyRelayFailed(_ statuses: [String: RelayStatus]) -> Bool {
        statuses.values.contains(.failed) && statuses.values.allSatisfy { $0 == .failed || $0 == .disabled }
    }
}
