import Foundation
import LinkstrHost
import NostrCore

/// A relay transport (``RelayTransport``) as async Swift: relay updates as a stream
/// for every listener, each subscription as a ``SubscriptionStream``, `publish` as an `async` call
/// that returns once a relay accepted (the other relays' answers follow as updates). Events arrive
/// parsed, verified and deduplicated (``SubscriptionMessage``).
///
/// The pool is the transport's one listener, so there is one `RelayClient` per transport instance,
/// and dropping the pool destroys the instance.
///
/// Thread rule: thread-safe; call from any task.
public final class RelayClient: Sendable {
    let transport: RelayTransport
    let router: RelayClientRouter

    /// Becomes the transport's listener.
    ///
    /// - Throws: `PluginError` when the transport lacks a function or refuses the listener.
    public init(transport: RelayTransport) throws(PluginError) {
        self.transport = transport
        router = RelayClientRouter()
        try transport.listen(router)
    }

    deinit {
        transport.destroy()
        router.finishAll()
    }

    /// Everything the relays report from now on (status changes, NOTICEs, late answers to
    /// publishes): each access is a stream of its own, so every listener sees every update.
    public var updates: AsyncStream<RelayUpdate> { router.updates.listen() }

    /// Replaces the relay set.
    public func setRelays(_ relays: [RelayConfiguration]) throws(PluginError) {
        try transport.setRelays(relays)
    }

    /// Opens (or replaces) a subscription on every readable relay, now and after every reconnect.
    /// The stream ends when the subscription is closed with ``unsubscribe(_:)`` or replaced.
    ///
    /// - Parameter deduplicator: shared by subscriptions that should deliver each event once between
    ///   them; a fresh one by default.
    public func subscribe(_ id: String, filters: [Filter], deduplicator: EventDeduplicator = EventDeduplicator()) throws(PluginError)
        -> SubscriptionStream
    {
        let stream = router.open(id, deduplicator: deduplicator)
        do {
            try transport.subscribe(id, filters: Array(("[" + filters.map { $0.jsonString() }.joined(separator: ",") + "]").utf8))
        } catch {
            router.close(id)
            throw error
        }
        return stream
    }

    /// Closes a subscription on every relay and ends its stream.
    public func unsubscribe(_ id: String) {
        transport.unsubscribe(id)
        router.close(id)
    }

    /// The relays as the transport describes them, in the order of the relay list.
    public func relayStates() -> [RelayState] {
        let json = transport.describe() ?? "[]"
        return (try? JSONDecoder().decode([RelayState].self, from: Data(json.utf8))) ?? []
    }

    /// The latest status each relay reported (relays that reported none are absent).
    public var statuses: [String: RelayStatus] { router.statuses }

    /// The latest error each relay reported, kept while it reconnects (relays that reported none are
    /// absent).
    public var lastErrors: [String: String] { router.lastErrors }

    /// The messages of a subscription waiting for its reader.
    public func queuedMessages(_ subscriptionID: String) -> Int { router.queuedMessages(subscriptionID) }

    /// How many messages of a subscription may wait for its reader before the transport is asked to
    /// hold back; it goes on once half of them are read.
    public static var queueHighWater: Int { ReceiveQueue.highWater }

    /// Waits until `condition` holds for the relays' latest statuses — checked now and at every
    /// status change — or `deadline` passes, or the task is cancelled. True when it holds.
    public func waitForStatuses(until deadline: ContinuousClock.Instant, _ condition: @escaping @Sendable ([String: RelayStatus]) -> Bool)
        async -> Bool
    {
        let changes = updates
        if condition(statuses) { return true }
        let router = self.router
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await update in changes {
                    if case .status = update, condition(router.statuses) { return true }
                }
                return false
            }
            group.addTask {
                try? await Task.sleep(until: deadline)
                return false
            }
            let holds = await group.next() ?? false
            group.cancelAll()
            return holds || condition(router.statuses)
        }
    }

    /// Ends the updates — every listener's stream ends after what it holds — and returns the relays
    /// whose answer to a publish has not come yet. For an owner about to stop the pool: what the
    /// transport says of those publishes as it stops is not the relays' answer.
    public func stopReporting() -> Set<String> { router.stopReporting() }
}
