import Foundation
import LinkstrPluginKit
import NostrCore
import PluginABI

/// The transport capability (`org.linkstr.transport/1`) as async Swift: relay updates as a stream
/// for every listener, each subscription as a ``SubscriptionStream``, `publish` as an `async` call
/// that returns once a relay accepted (the other relays' answers follow as updates). Events arrive
/// parsed, verified and deduplicated (``SubscriptionMessage``).
///
/// The pool owns the transport instance's sink (the ABI allows one `set_sink` per instance), so
/// there is one `RelayPool` per instance, and dropping the pool destroys the instance.
///
/// Thread rule: thread-safe; call from any task.
public final class RelayPool: Sendable {
    let transport: Capability<lkh_transport_v1>
    let router: RelayPoolRouter

    /// Installs the pool as the transport's sink.
    ///
    /// - Throws: `PluginError` when the vtable lacks a function or `set_sink` fails.
    public init(transport: Capability<lkh_transport_v1>) throws(PluginError) {
        self.transport = transport
        router = RelayPoolRouter()
        let table = transport.vtable.pointee
        guard let setSink = table.set_sink, table.set_relays != nil, table.subscribe != nil, table.unsubscribe != nil,
            table.publish != nil, table.describe != nil
        else {
            throw PluginError(.unsupported, "plugin '\(transport.pluginID)' lacks a transport function this host needs")
        }
        var sink = router.sinkTable()
        var error = LKHErrorSlot.make()
        let status = setSink(transport.rawInstance, &sink, &error)
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
    }

    deinit {
        transport.instance.destroy()
        router.finishAll()
    }

    /// Everything the relays report from now on (status changes, NOTICEs, late answers to
    /// publishes): each access is a stream of its own, so every listener sees every update.
    public var updates: AsyncStream<RelayUpdate> { router.updates.listen() }

    /// Replaces the relay set.
    public func setRelays(_ relays: [RelayConfiguration]) throws(PluginError) {
        let urls = relays.map { strdup($0.url) }
        defer { urls.forEach { free($0) } }
        var configs = zip(relays, urls).map { relay, url in
            lkh_relay_config(struct_size: UInt32(MemoryLayout<lkh_relay_config>.size), url: url, flags: relay.flags)
        }
        var error = LKHErrorSlot.make()
        let status = configs.withUnsafeMutableBufferPointer { buffer in
            transport.vtable.pointee.set_relays!(transport.rawInstance, buffer.baseAddress, buffer.count, &error)
        }
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
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
        let json = Array(("[" + filters.map { $0.jsonString() }.joined(separator: ",") + "]").utf8)
        var error = LKHErrorSlot.make()
        let status = json.withUnsafeBufferPointer { buffer in
            transport.vtable.pointee.subscribe!(transport.rawInstance, id, lkh_bytes(data: buffer.baseAddress, len: buffer.count), &error)
        }
        guard status == LKH_OK else {
            router.close(id)
            throw PluginError(status: status, error: &error)
        }
        return stream
    }

    /// Closes a subscription on every relay and ends its stream.
    public func unsubscribe(_ id: String) {
        var error = LKHErrorSlot.make()
        _ = transport.vtable.pointee.unsubscribe!(transport.rawInstance, id, &error)
        router.close(id)
    }

    /// The relays as the transport describes them, in the order of the relay list.
    public func relayStates() -> [RelayState] {
        let describe = transport.vtable.pointee.describe!
        let json = CStringBuffer.read { buffer, capacity in describe(transport.rawInstance, buffer, capacity) } ?? "[]"
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
