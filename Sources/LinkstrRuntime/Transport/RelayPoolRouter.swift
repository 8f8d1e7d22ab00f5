import LinkstrPluginKit
import NostrCore
import PluginABI
import Synchronization

/// The sink side of a ``RelayPool``: receives the transport's callbacks (on the transport's threads),
/// parses and verifies events, and routes everything to the subscription's stream or the relay
/// update stream. Keeps the latest status and the latest error of every relay.
///
/// Thread rule: thread-safe; every callback returns without blocking.
final class RelayPoolRouter: Sendable {
    struct Route {
        let continuation: AsyncStream<SubscriptionMessage>.Continuation
        let deduplicator: EventDeduplicator
        /// The relays that sent their EOSE: what they send now is new.
        var pastStoredEvents = Set<String>()
    }

    private struct State {
        var routes: [String: Route] = [:]
        var statuses: [String: RelayStatus] = [:]
        var lastErrors: [String: String] = [:]
        var updates: AsyncStream<RelayUpdate>.Continuation?
    }

    private let state = Mutex(State())
    let updates: AsyncStream<RelayUpdate>

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: RelayUpdate.self)
        updates = stream
        state.withLock { $0.updates = continuation }
    }

    // MARK: Routes

    func open(_ subscriptionID: String, deduplicator: EventDeduplicator) -> AsyncStream<SubscriptionMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: SubscriptionMessage.self)
        let replaced = state.withLock { state in
            state.routes.updateValue(Route(continuation: continuation, deduplicator: deduplicator), forKey: subscriptionID)
        }
        replaced?.continuation.finish()
        return stream
    }

    func close(_ subscriptionID: String) {
        state.withLock { $0.routes.removeValue(forKey: subscriptionID) }?.continuation.finish()
    }

    func finishAll() {
        let (routes, updates) = state.withLock { state in
            defer {
                state.routes.removeAll()
                state.updates = nil
            }
            return (Array(state.routes.values), state.updates)
        }
        routes.forEach { $0.continuation.finish() }
        updates?.finish()
    }

    var statuses: [String: RelayStatus] { state.withLock { $0.statuses } }
    var lastErrors: [String: String] { state.withLock { $0.lastErrors } }

    // MARK: Callbacks

    func received(relay: String, subscriptionID: String, json: [UInt8]) {
        guard let route = state.withLock({ $0.routes[subscriptionID] }) else { return }
        let event: Event
        do {
            event = try Event(json: json)
        } catch {
            route.continuation.yield(.rejected(relay: relay, reason: "not a valid event: \(error)"))
            return
        }
        if route.deduplicator.contains(event.id) {
            route.continuation.yield(.duplicate(relay: relay, id: event.id, createdAt: event.createdAt))
            return
        }
        let verified: VerifiedEvent
        do {
            verified = try VerifiedEvent(event)
        } catch {
            route.continuation.yield(.rejected(relay: relay, reason: "event \(event.id.hex): \(error)"))
            return
        }
        // Recorded and handed over under the lock that `close` takes: a route closed meanwhile (a
        // finished backfill page) must not keep the id in a deduplicator it shares with the live
        // subscription, or that copy would be dropped as a duplicate and the event lost.
        let delivered = state.withLock { state -> Bool? in
            guard let current = state.routes[subscriptionID] else { return nil }
            guard current.deduplicator.insert(event.id) else { return false }
            let isNew = current.pastStoredEvents.contains(relay)
            current.continuation.yield(.event(ReceivedEvent(relay: relay, verified: verified, json: json, isNew: isNew)))
            return true
        }
        if delivered == false {
            route.continuation.yield(.duplicate(relay: relay, id: event.id, createdAt: event.createdAt))
        }
    }

    func endOfStoredEvents(relay: String, subscriptionID: String) {
        // A relay's callbacks come in order, so its later events see the mark.
        let route = state.withLock { state in
            state.routes[subscriptionID]?.pastStoredEvents.insert(relay)
            return state.routes[subscriptionID]
        }
        route?.continuation.yield(.endOfStoredEvents(relay: relay))
    }

    func closed(relay: String, subscriptionID: String, message: String) {
        state.withLock { $0.routes[subscriptionID] }?.continuation.yield(.closed(relay: relay, message: message))
    }

    func status(relay: String, status: RelayStatus, error: String?) {
        let updates = state.withLock { state in
            state.statuses[relay] = status
            if let error { state.lastErrors[relay] = error }
            return state.updates
        }
        updates?.yield(.status(relay: relay, status, error: error))
    }

    func notice(relay: String, message: String) {
        state.withLock { $0.updates }?.yield(.notice(relay: relay, message: message))
    }

    /// The `lkh_transport_sink` whose context is this router (unretained: the pool keeps the router
    /// alive until the transport instance is destroyed).
    func sinkTable() -> lkh_transport_sink {
        var sink = lkh_transport_sink()
        sink.struct_size = UInt32(MemoryLayout<lkh_transport_sink>.size)
        sink.ctx = Unmanaged.passUnretained(self).toOpaque()
        sink.on_event = { context, relay, subscriptionID, event in
            guard let context, let relay, let subscriptionID else { return LKH_E_INVALID }
            let bytes = event.data.map { Array(UnsafeBufferPointer(start: $0, count: event.len)) } ?? []
            RelayPoolRouter.router(context).received(relay: String(cString: relay), subscriptionID: String(cString: subscriptionID), json: bytes)
            return LKH_OK
        }
        sink.on_eose = { context, relay, subscriptionID in
            guard let context, let relay, let subscriptionID else { return }
            RelayPoolRouter.router(context).endOfStoredEvents(relay: String(cString: relay), subscriptionID: String(cString: subscriptionID))
        }
        sink.on_closed = { context, relay, subscriptionID, message in
            guard let context, let relay, let subscriptionID else { return }
            RelayPoolRouter.router(context).closed(
                relay: String(cString: relay), subscriptionID: String(cString: subscriptionID),
                message: message.map { String(cString: $0) } ?? "")
        }
        sink.on_relay_status = { context, relay, status, error in
            guard let context, let relay else { return }
            RelayPoolRouter.router(context).status(
                relay: String(cString: relay), status: RelayStatus(code: status), error: error.map { String(cString: $0) })
        }
        sink.on_notice = { context, relay, message in
            guard let context, let relay else { return }
            RelayPoolRouter.router(context).notice(relay: String(cString: relay), message: message.map { String(cString: $0) } ?? "")
        }
        return sink
    }

    private static func router(_ context: UnsafeMutableRawPointer) -> RelayPoolRouter {
        Unmanaged<RelayPoolRouter>.fromOpaque(context).takeUnretainedValue()
    }
}
