import LinkstrHost
import NostrCore
import Synchronization

/// The listening side of a ``RelayClient``: receives the transport's callbacks (on the transport's threads),
/// parses and verifies events, and routes everything to the subscription's stream or to the
/// listeners of relay updates. Keeps the latest status and the latest error of every relay, and the
/// relays whose answer to a publish is still to come.
///
/// Holding back. A subscription's messages wait in its ``ReceiveQueue`` until its reader takes them;
/// while that queue is over its high water mark, an event is answered `.busy` without being
/// taken, and the transport pauses that relay and offers the same event again later.
///
/// Thread rule: thread-safe; every callback returns without blocking.
final class RelayClientRouter: RelayTransportListener {
    struct Route {
        let continuation: AsyncStream<SubscriptionMessage>.Continuation
        let queue: ReceiveQueue
        let deduplicator: EventDeduplicator
        /// The relays that sent their EOSE: what they send now is new.
        var pastStoredEvents = Set<String>()

        func yield(_ message: SubscriptionMessage) {
            queue.queued()
            continuation.yield(message)
        }
    }

    private struct State {
        var routes: [String: Route] = [:]
        var statuses: [String: RelayStatus] = [:]
        var lastErrors: [String: String] = [:]
        /// Per event id (hex), the relays whose answer comes after its publish returned.
        var awaitedAnswers: [String: Set<String>] = [:]
    }

    private let state = Mutex(State())
    let updates = Broadcast<RelayUpdate>()

    // MARK: Routes

    func open(_ subscriptionID: String, deduplicator: EventDeduplicator) -> SubscriptionStream {
        let (stream, continuation) = AsyncStream.makeStream(of: SubscriptionMessage.self)
        let queue = ReceiveQueue()
        let replaced = state.withLock { state in
            state.routes.updateValue(Route(continuation: continuation, queue: queue, deduplicator: deduplicator), forKey: subscriptionID)
        }
        replaced?.continuation.finish()
        return SubscriptionStream(messages: stream, queue: queue)
    }

    func close(_ subscriptionID: String) {
        state.withLock { $0.routes.removeValue(forKey: subscriptionID) }?.continuation.finish()
    }

    func finishAll() {
        let routes = state.withLock { state in
            defer {
                state.routes.removeAll()
                state.awaitedAnswers.removeAll()
            }
            return Array(state.routes.values)
        }
        routes.forEach { $0.continuation.finish() }
        updates.finish()
    }

    var statuses: [String: RelayStatus] { state.withLock { $0.statuses } }
    var lastErrors: [String: String] { state.withLock { $0.lastErrors } }

    /// The messages of `subscriptionID` waiting for its reader (0 when it is not open).
    func queuedMessages(_ subscriptionID: String) -> Int {
        state.withLock { $0.routes[subscriptionID]?.queue.depth } ?? 0
    }

    // MARK: Publish answers

    /// Notes the relays a publish returned without (``RelayAnswer/pending``): their answers are
    /// passed on as they come.
    func awaitAnswers(eventID: String, relays: [String]) {
        guard !relays.isEmpty else { return }
        state.withLock { $0.awaitedAnswers[eventID, default: []].formUnion(relays) }
    }

    /// Ends the updates and returns the relays whose answer to a publish has not come yet; answers
    /// that come from now on are dropped.
    func stopReporting() -> Set<String> {
        let awaited = state.withLock { state in
            defer { state.awaitedAnswers.removeAll() }
            return state.awaitedAnswers.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        updates.finish()
        return awaited
    }

    // MARK: Callbacks

    /// One event from the transport; `.busy` when its subscription's queue is full (the event is not
    /// taken).
    func received(relay: String, subscriptionID: String, json: [UInt8]) -> LKHStatus {
        guard let route = state.withLock({ $0.routes[subscriptionID] }) else { return .ok }
        guard route.queue.admits() else { return .busy }
        let event: Event
        do {
            event = try Event(json: json)
        } catch {
            route.yield(.rejected(relay: relay, reason: "not a valid event: \(error)"))
            return .ok
        }
        if route.deduplicator.contains(event.id) {
            route.yield(.duplicate(relay: relay, id: event.id, createdAt: event.createdAt))
            return .ok
        }
        let verified: VerifiedEvent
        do {
            verified = try VerifiedEvent(event)
        } catch {
            route.yield(.rejected(relay: relay, reason: "event \(event.id.hex): \(error)"))
            return .ok
        }
        // Recorded and handed over under the lock that `close` takes: a route closed meanwhile (a
        // finished backfill page) must not keep the id in a deduplicator it shares with the live
        // subscription, or that copy would be dropped as a duplicate and the event lost.
        let delivered = state.withLock { state -> Bool? in
            guard let current = state.routes[subscriptionID] else { return nil }
            guard current.deduplicator.insert(event.id) else { return false }
            let isNew = current.pastStoredEvents.contains(relay)
            current.yield(.event(ReceivedEvent(relay: relay, verified: verified, json: json, isNew: isNew)))
            return true
        }
        if delivered == false {
            route.yield(.duplicate(relay: relay, id: event.id, createdAt: event.createdAt))
        }
        return .ok
    }

    func endOfStoredEvents(relay: String, subscriptionID: String) {
        // A relay's callbacks come in order, so its later events see the mark.
        let route = state.withLock { state in
            state.routes[subscriptionID]?.pastStoredEvents.insert(relay)
            return state.routes[subscriptionID]
        }
        route?.yield(.endOfStoredEvents(relay: relay))
    }

    func closed(relay: String, subscriptionID: String, message: String) {
        state.withLock { $0.routes[subscriptionID] }?.yield(.closed(relay: relay, message: message))
    }

    func status(relay: String, status: RelayStatus, error: String?) {
        state.withLock { state in
            state.statuses[relay] = status
            if let error { state.lastErrors[relay] = error }
        }
        updates.send(.status(relay: relay, status, error: error))
    }

    func notice(relay: String, message: String) {
        updates.send(.notice(relay: relay, message: message))
    }

    /// A relay's answer after its publish returned; passed on only when it was awaited.
    func answered(relay: String, eventID: String, accepted: Bool, message: String) {
        let awaited = state.withLock { state -> Bool in
            guard state.awaitedAnswers[eventID]?.remove(relay) != nil else { return false }
            if state.awaitedAnswers[eventID]?.isEmpty == true { state.awaitedAnswers.removeValue(forKey: eventID) }
            return true
        }
        guard awaited else { return }
        updates.send(.lateAnswer(RelayAnswer(relay: relay, accepted: accepted, message: message), eventID: eventID))
    }
}
