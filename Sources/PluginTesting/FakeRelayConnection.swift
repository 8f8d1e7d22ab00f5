import Foundation
import LinkstrPluginKit
import NostrCore
import PluginABI
import Synchronization

/// One transport instance of a ``FakeRelay`` (the `void *instance` of the ABI): the host's sink, its
/// relay list with each address's status, and its open subscriptions.
///
/// Thread rule: every operation runs on the relay's queue (``FakeRelay/serialized(_:)``), `describe`
/// aside; the lock guards the state for `describe` and for calls made from inside sink callbacks, and
/// is never held while the sink is called.
final class FakeRelayConnection: Sendable {
    let relay: FakeRelay
    let state = Mutex(State())

    struct State {
        var sink: TransportSink?
        var relays: [FakeRelayEndpoint] = []
        /// Open subscriptions with their filters, in the order they were opened.
        var subscriptions: [(id: String, filters: [Filter])] = []
        var nextOperationID: UInt64 = 1
        var isShutDown = false

        func isOpen(_ subscriptionID: String) -> Bool {
            subscriptions.contains { $0.id == subscriptionID }
        }
    }

    init(relay: FakeRelay) {
        self.relay = relay
    }

    func setSink(_ sink: TransportSink) {
        state.withLock { $0.sink = sink }
    }

    /// Ends the instance: after this returns nothing calls the host for it.
    func shutDown() {
        relay.serialized {
            state.withLock { $0.isShutDown = true }
            relay.unregister(self)
        }
    }

    // MARK: Relays

    /// Replaces the relay list, as the relay pool does: removed and disabled addresses are reported
    /// disabled; new and re-enabled ones connect at once (or fail, per their behaviour); an address
    /// that starts reading, or connects, receives every open subscription's stored events and EOSE.
    func setRelays(_ wanted: [(url: String, flags: UInt32)]) throws(PluginError) {
        var seen = Set<String>()
        for endpoint in wanted where !seen.insert(endpoint.url).inserted {
            throw PluginError(.invalid, "relay \(endpoint.url) is listed twice")
        }
        try relay.serialized { () throws(PluginError) in
            let behaviours = Dictionary(uniqueKeysWithValues: wanted.map { ($0.url, relay.behaviour(for: $0.url)) })
            var reports: [(url: String, status: Int32, error: String?)] = []
            var replays: [String] = []
            try state.withLock { state throws(PluginError) in
                guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
                guard state.sink != nil else { throw PluginError(.invalid, "set_sink must be called before set_relays") }
                for old in state.relays where !seen.contains(old.url) {
                    reports.append((old.url, LKH_RELAY_DISABLED, "removed from the relay list"))
                }
                state.relays = wanted.map { url, flags in
                    let old = state.relays.first { $0.url == url }
                    var endpoint = old ?? FakeRelayEndpoint(url: url, flags: 0, status: LKH_RELAY_DISABLED)
                    let wasEnabled = endpoint.isEnabled
                    let wasReading = endpoint.isReadable
                    endpoint.flags = flags
                    if !endpoint.isEnabled {
                        endpoint.status = LKH_RELAY_DISABLED
                        endpoint.error = nil
                        if wasEnabled || old == nil { reports.append((url, LKH_RELAY_DISABLED, old == nil ? nil : "disabled")) }
                    } else if !wasEnabled {
                        reports.append((url, LKH_RELAY_CONNECTING, nil))
                        Self.connect(&endpoint, behaviours[url] ?? .online)
                        reports.append((url, endpoint.status, endpoint.error))
                    }
                    if endpoint.isReadable && !wasReading { replays.append(url) }
                    return endpoint
                }
            }
            for report in reports { reportStatus(report.url, report.status, report.error) }
            for url in replays { sendStoredEvents(on: url, subscriptions: state.withLock { $0.subscriptions }) }
        }
    }

    /// The relay changed how `url` behaves: when it is in the list and enabled, its status follows,
    /// and an address that starts serving receives the open subscriptions.
    func behaviourChanged(_ url: String) {
        let behaviour = relay.behaviour(for: url)
        let change = state.withLock { state -> (status: Int32, error: String?, replay: Bool)? in
            guard let index = state.relays.firstIndex(where: { $0.url == url }), state.relays[index].isEnabled else { return nil }
            let wasReading = state.relays[index].isReadable
            Self.connect(&state.relays[index], behaviour)
            let endpoint = state.relays[index]
            return (endpoint.status, endpoint.error, endpoint.isReadable && !wasReading)
        }
        guard let change else { return }
        reportStatus(url, change.status, change.error)
        if change.replay { sendStoredEvents(on: url, subscriptions: state.withLock { $0.subscriptions }) }
    }

    /// The status a connection attempt ends in, by behaviour.
    private static func connect(_ endpoint: inout FakeRelayEndpoint, _ behaviour: FakeRelayBehaviour) {
        switch behaviour {
        case .online, .refusing:
            endpoint.status = LKH_RELAY_CONNECTED
            endpoint.error = nil
        case .down(let reason):
            endpoint.status = LKH_RELAY_FAILED
            endpoint.error = reason
        case .readOnly(let message):
            endpoint.status = LKH_RELAY_READ_ONLY
            endpoint.error = message
        }
    }

    /// `[{"url","status","error"?,"read","write","events"}]` in the order of the relay list.
    func describe() -> String {
        let entries = state.withLock { $0.relays.map(\.describeEntry) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    // MARK: Subscriptions

    /// Opens (or replaces) a subscription: every connected readable address sends the stored events
    /// that match, newest first, then EOSE; later events follow as they arrive.
    func subscribe(_ id: String, filters: [Filter]) throws(PluginError) {
        guard !id.isEmpty, id.count <= 64 else {
            throw PluginError(.invalid, "a subscription id must have 1 to 64 characters, got \(id.count)")
        }
        try relay.serialized { () throws(PluginError) in
            let readable = try state.withLock { state throws(PluginError) -> [String] in
                guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
                if let index = state.subscriptions.firstIndex(where: { $0.id == id }) {
                    state.subscriptions[index].filters = filters
                } else {
                    state.subscriptions.append((id: id, filters: filters))
                }
                return state.relays.filter(\.isReadable).map(\.url)
            }
            for url in readable { sendStoredEvents(on: url, subscriptions: [(id: id, filters: filters)]) }
        }
    }

    /// Closes a subscription: nothing more is delivered for it.
    func unsubscribe(_ id: String) throws(PluginError) {
        try relay.serialized { () throws(PluginError) in
            try state.withLock { state throws(PluginError) in
                guard let index = state.subscriptions.firstIndex(where: { $0.id == id }) else {
                    throw PluginError(.notFound, "no open subscription '\(id.prefix(64))'")
                }
                state.subscriptions.remove(at: index)
            }
        }
    }

    var openSubscriptions: [FakeRelaySubscription] {
        state.withLock { state in
            let readable = state.relays.filter(\.isReadable).map(\.url)
            return state.subscriptions.map { FakeRelaySubscription(id: $0.id, filters: $0.filters, relays: readable) }
        }
    }

    // MARK: Delivery (on the relay's queue)

    /// A new event in the store: every open subscription it matches receives it from every connected
    /// readable address.
    func deliverLive(_ event: Event, json: [UInt8]) {
        let (readable, subscriptions) = state.withLock { state in
            (state.relays.filter(\.isReadable).map(\.url), state.subscriptions)
        }
        for url in readable {
            for subscription in subscriptions where subscription.filters.contains(where: { $0.matches(event) }) {
                deliver(json, on: url, subscriptionID: subscription.id)
            }
        }
    }

    private func sendStoredEvents(on url: String, subscriptions: [(id: String, filters: [Filter])]) {
        for subscription in subscriptions {
            for stored in relay.stored(matching: subscription.filters) {
                deliver(stored.json, on: url, subscriptionID: subscription.id)
            }
            if isServing(subscription.id, on: url) {
                withSink { $0.on_eose?($0.ctx, url, subscription.id) }
            }
        }
    }

    /// Offers one event to the host; while it answers `LKH_E_BUSY`, waits a millisecond and offers it
    /// again.
    private func deliver(_ json: [UInt8], on url: String, subscriptionID: String) {
        while isServing(subscriptionID, on: url) {
            var status = LKH_OK
            withSink { sink in
                status = json.withUnsafeBufferPointer { buffer in
                    sink.on_event?(sink.ctx, url, subscriptionID, lkh_bytes(data: buffer.baseAddress, len: buffer.count)) ?? LKH_OK
                }
            }
            guard status == LKH_E_BUSY else {
                state.withLock { state in
                    if let index = state.relays.firstIndex(where: { $0.url == url }) { state.relays[index].events += 1 }
                }
                return
            }
            usleep(1_000)
        }
    }

    /// Whether events for `subscriptionID` from `url` still go to the host (a sink callback may have
    /// closed the subscription or changed the relay list meanwhile).
    private func isServing(_ subscriptionID: String, on url: String) -> Bool {
        state.withLock { state in
            !state.isShutDown && state.isOpen(subscriptionID) && state.relays.contains { $0.url == url && $0.isReadable }
        }
    }

    func reportStatus(_ url: String, _ status: Int32, _ error: String?) {
        withSink { sink in
            if let error {
                sink.on_relay_status?(sink.ctx, url, status, error)
            } else {
                sink.on_relay_status?(sink.ctx, url, status, nil)
            }
        }
    }

    /// Calls `body` with the sink unless the instance is shut down; no lock is held meanwhile.
    private func withSink(_ body: (lkh_transport_sink) -> Void) {
        guard let sink = state.withLock({ $0.isShutDown ? nil : $0.sink }) else { return }
        body(sink.table)
    }
}
