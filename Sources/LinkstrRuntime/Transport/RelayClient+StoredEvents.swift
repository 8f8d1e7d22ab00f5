import NostrCore

extension RelayClient {
    /// How long a read of stored events (a follow list, profiles, saved links) waits for the relays.
    static let storedEventsWait: Duration = .seconds(6)

    /// The events a subscription delivers until every connected relay sent EOSE (or
    /// `storedEventsWait` passed); then closes it.
    func storedEvents(_ stream: SubscriptionStream, subscription: String) async -> [Event] {
        let collector = Task { () -> [Event] in
            var events: [Event] = []
            var finished = Set<String>()
            for await message in stream {
                switch message {
                case .event(let received): events.append(received.event)
                case .endOfStoredEvents(let relay), .closed(let relay, _): finished.insert(relay)
                default: break
                }
                let connected = Set(statuses.filter { $0.value.isConnected }.map(\.key))
                if !connected.isEmpty, connected.isSubset(of: finished) { break }
            }
            return events
        }
        let timer = Task {
            try? await Task.sleep(for: Self.storedEventsWait)
            unsubscribe(subscription)
        }
        let events = await collector.value
        timer.cancel()
        unsubscribe(subscription)
        return events
    }
}
