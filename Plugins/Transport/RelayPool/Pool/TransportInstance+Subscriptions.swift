import LinkstrPluginKit

extension TransportInstance {
    /// Opens or replaces a subscription and sends its REQ to every connected readable relay; relays
    /// that connect later get it when they connect.
    func subscribe(_ id: String, filters: FilterList) throws(PluginError) {
        try Self.checkSubscriptionID(id)
        let frame = ClientFrame.request(subscriptionID: id, filters: filters)
        try state.withLock { state throws(PluginError) in
            guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
            state.subscriptions.set(id, frame: frame)
            for relay in state.relays {
                relay.state.withLock { relayState in
                    relayState.authentication.retriedSubscriptions.remove(id)
                    if relayState.isReadable { _ = relayState.send(frame) }
                }
            }
        }
    }

    /// Closes a subscription on every relay.
    func unsubscribe(_ id: String) throws(PluginError) {
        let frame = ClientFrame.close(subscriptionID: id)
        try state.withLock { state throws(PluginError) in
            guard state.subscriptions.remove(id) else {
                throw PluginError(.notFound, "no open subscription '\(id.prefix(64))'")
            }
            for relay in state.relays {
                relay.state.withLock { relayState in
                    if relayState.isReadable { _ = relayState.send(frame) }
                }
            }
        }
    }

    /// NIP-01: a non-empty subscription id of at most 64 characters.
    static func checkSubscriptionID(_ id: String) throws(PluginError) {
        guard !id.isEmpty, id.count <= 64 else {
            throw PluginError(.invalid, "a subscription id must have 1 to 64 characters, got \(id.count)")
        }
        guard id.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw PluginError(.invalid, "a subscription id must not contain control characters")
        }
    }
}
