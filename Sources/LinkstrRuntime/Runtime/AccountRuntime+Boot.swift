extension AccountRuntime {
    /// Opens the relay client and waits until a relay can be used: for writing, until one is connected
    /// (the send gate, exactly as a send waits); for reading, until one is connected or read-only, at
    /// most `timeout`. The command line calls it before the operation to show the wait as its own
    /// boot step (`connecting relays…`); the operation then finds the pool ready.
    public func connectRelays(forWriting: Bool, timeout: Duration) async throws(LinkstrError) {
        if forWriting {
            _ = try await Outbox.writablePool(in: self)
            return
        }
        let pool = try connect()
        let connected = await pool.waitForConnection(until: .now + timeout)
        if Task.isCancelled { throw LinkstrError(.failed, "cancelled while waiting for a relay.") }
        guard connected else {
            Outbox.recordRelayStatuses(in: self)
            throw LinkstrError(.failed, Outbox.unreachable(pool, within: timeout))
        }
    }
}
