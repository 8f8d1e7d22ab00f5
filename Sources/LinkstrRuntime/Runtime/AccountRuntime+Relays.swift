import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// The relay pool over the enabled relays, created on first use. The account's signer is offered
    /// to the transport for NIP-42 AUTH.
    func connect() throws(RuntimeError) -> RelayPool {
        if let pool { return pool }
        let enabled: [RelayEntry]
        do {
            enabled = try relays.enabled()
        } catch {
            throw RuntimeError(storage: error)
        }
        guard !enabled.isEmpty else {
            throw RuntimeError(.failed, "no relays are enabled; add one with `linkstr relay add wss://…` or enable one with `linkstr relay enable URL`.")
        }
        do throws(RelayClientError) {
            let created = try host.relayClient(relays: enabled.map(\.url), authenticating: .account(signer))
            pool = created
            Outbox.listenForLateAnswers(created, in: self)
            return created
        } catch {
            switch error {
            case .noTransport(let error): throw RuntimeError(.failed, "no transport: \(error)")
            case let .refused(transport, error): throw RuntimeError(.failed, "the transport '\(transport)' refused the relay list: \(error)")
            }
        }
    }

    /// How long a contact change waits for the relays' copy of the follow list before building on it.
    static let followListWait: Duration = .seconds(6)

    /// The events a subscription delivers until every connected relay sent EOSE (or the wait ends);
    /// then closes it.
    func storedEvents(_ stream: SubscriptionStream, subscription: String, pool: RelayPool) async -> [Event] {
        let wait = Self.followListWait
        let collector = Task { () -> [Event] in
            var events: [Event] = []
            var finished = Set<String>()
            for await message in stream {
                switch message {
                case .event(let received): events.append(received.event)
                case .endOfStoredEvents(let relay), .closed(let relay, _): finished.insert(relay)
                default: break
                }
                let connected = Set(pool.statuses.filter { $0.value.isConnected }.map(\.key))
                if !connected.isEmpty, connected.isSubset(of: finished) { break }
            }
            return events
        }
        let timer = Task {
            try? await Task.sleep(for: wait)
            pool.unsubscribe(subscription)
        }
        let events = await collector.value
        timer.cancel()
        pool.unsubscribe(subscription)
        return events
    }
}
