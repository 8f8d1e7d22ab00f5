import LinkstrPluginKit

extension TransportInstance {
    /// Replaces the relay set. New and re-enabled relays start connecting; removed and disabled ones
    /// close (their status is reported as disabled) and the publishes waiting on them are dropped
    /// there; a relay that starts reading receives the open subscriptions, one that stops reading
    /// receives CLOSE for them.
    func setRelays(_ endpoints: [RelayEndpoint]) throws(PluginError) {
        var seen = Set<String>()
        for endpoint in endpoints where !seen.insert(endpoint.url).inserted {
            throw PluginError(.invalid, "relay \(endpoint.url) is listed twice")
        }
        guard bridge.hasSink else { throw PluginError(.invalid, "set_sink must be called before set_relays") }

        var stopped: [(RelayConnection, RelayStatus, String)] = []
        var started: [RelayConnection] = []
        var disabled: [String] = []
        try state.withLock { state throws(PluginError) in
            guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
            let wanted = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.url, $0) })
            for relay in state.relays where wanted[relay.url] == nil {
                stopped.append((relay, .disabled, "removed from the relay list"))
            }
            var relays: [RelayConnection] = []
            for endpoint in endpoints {
                guard let relay = state.relay(endpoint.url) else {
                    let relay = RelayConnection(endpoint: endpoint, pool: self)
                    relays.append(relay)
                    if endpoint.isEnabled { started.append(relay) } else { disabled.append(endpoint.url) }
                    continue
                }
                let oldFlags = relay.setFlags(endpoint.flags)
                switch (oldFlags != 0, endpoint.isEnabled) {
                case (true, false):
                    // A disabled relay keeps its place in the list; it is replaced by a fresh one when
                    // enabled again.
                    stopped.append((relay, .disabled, "disabled"))
                    relays.append(relay)
                case (false, true):
                    let fresh = RelayConnection(endpoint: endpoint, pool: self)
                    relays.append(fresh)
                    started.append(fresh)
                default:
                    relays.append(relay)
                    let frames = state.subscriptions
                    if oldFlags & RelayEndpoint.read == 0, endpoint.flags & RelayEndpoint.read != 0 {
                        frames.requestFrames.forEach { relay.send($0) }
                    } else if oldFlags & RelayEndpoint.read != 0, endpoint.flags & RelayEndpoint.read == 0 {
                        frames.framesByID.keys.sorted().forEach { relay.send(ClientFrame.close(subscriptionID: $0)) }
                    }
                }
            }
            state.relays = relays
        }
        for (relay, status, reason) in stopped {
            let operations = relay.stop(status: status, reason: reason)
            bridge.relayStatus(relay: relay.url, status: status, error: reason)
            for operation in operations.sorted(by: { $0.id < $1.id }) {
                advance(operation, operation.settle(relay.url, .dropped(reason: "the relay was \(reason) before it answered")))
            }
        }
        for url in disabled {
            bridge.relayStatus(relay: url, status: .disabled, error: nil)
        }
        for relay in started {
            relay.start()
        }
    }
}
