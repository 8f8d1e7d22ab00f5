import Dispatch
import Foundation
import LinkstrPluginKit
import NostrCore
import PluginABI
import Synchronization

/// An in-memory Nostr relay behind the transport capability (`org.linkstr.transport/1`), for tests
/// that run linkstr in-process, without sockets: the host loads it through the plugin ABI exactly as
/// it loads the relay-pool plugin, from ``descriptor`` instead of a file.
///
/// One `FakeRelay` is one store shared by every host it is installed in (Alice's and Bob's): what one
/// publishes, the others' subscriptions receive. Every address in a transport's relay list serves that
/// store, like relays that mirror each other, and is connected as soon as `set_relays` returns, unless
/// ``setBehaviour(_:for:)`` makes it down, read-only or refusing.
///
/// ```swift
/// let relay = FakeRelay()
/// let aliceHost = try relay.makeHost()     // memory storage, this relay as the transport
/// let alice = try LinkstrRuntime(host: aliceHost, backend: try aliceHost.openStorage(), secretKey: aliceKey)
/// // … Bob's runtime on a host of his own, the two talk through the relay …
/// #expect(relay.storedEvents(matching: Filter(kinds: [1059], pubkeyReferences: [bobKey])).count == 2)
/// ```
///
/// The store follows NIP-01 and NIP-09: events are kept once per id; replaceable kinds (0, 3,
/// 10000–19999) keep the newest per author, addressable kinds (30000–39999) the newest per author and
/// `d` tag; ephemeral kinds (20000–29999) are delivered, not kept; a kind 5 deletion removes the
/// events it names by `e` tag that have its author. Published events must verify (id and signature);
/// injected ones are taken as they are.
///
/// Thread rule: thread-safe. Every transport call and every change a test makes runs to completion
/// on the relay's serial queue, one at a time; a call made from inside a sink callback runs at once
/// on the same thread. Sink callbacks and done functions run on that queue with no lock held. So when
/// `publish` returns, its done has run and every matching subscription has received the event.
public final class FakeRelay: Sendable {
    /// Names this relay in a host's configuration (``pluginSettings``).
    let token: String
    private let queue: DispatchQueue
    private static let queueKey = DispatchSpecificKey<String>()
    private let state = Mutex(State())

    private struct State {
        var events: [EventID: StoredEvent] = [:]
        var arrivals = 0
        var behaviours: [String: FakeRelayBehaviour] = [:]
        var connections: [ObjectIdentifier: FakeRelayConnection] = [:]
    }

    /// One stored event and the JSON it came as (delivered unchanged).
    struct StoredEvent: Sendable {
        let event: Event
        let json: [UInt8]
        let arrival: Int
    }

    /// What the store did with an event.
    enum Acceptance {
        case stored, duplicate, ephemeral
        /// A replaceable or addressable event older than the one kept.
        case superseded
    }

    public init() {
        token = UUID().uuidString
        queue = DispatchQueue(label: "org.linkstr.fake-relay")
        queue.setSpecific(key: Self.queueKey, value: token)
        FakeRelayDirectory.add(self)
    }

    deinit {
        FakeRelayDirectory.remove(token)
    }

    // MARK: What tests read and change

    /// The stored events, in the order they arrived.
    public var storedEvents: [Event] {
        state.withLock { $0.events.values.sorted { $0.arrival < $1.arrival }.map(\.event) }
    }

    /// The stored events `filter` matches, newest first, at most its `limit`: what a REQ receives
    /// before EOSE.
    public func storedEvents(matching filter: Filter) -> [Event] {
        stored(matching: [filter]).map(\.event)
    }

    /// Every open subscription of every transport instance using this relay.
    public var openSubscriptions: [FakeRelaySubscription] {
        serialized { connections.flatMap(\.openSubscriptions) }
    }

    /// Stores `event` as if a third party had published it (no signature check) and delivers it to
    /// the matching subscriptions.
    public func inject(_ event: Event) {
        serialized { receive(event, json: event.jsonBytes()) }
    }

    /// Changes how `url` behaves, at once: transport instances that have it in their relay list
    /// report its new status, and one that comes up again receives the open subscriptions.
    public func setBehaviour(_ behaviour: FakeRelayBehaviour, for url: String) {
        serialized {
            state.withLock { $0.behaviours[url] = behaviour }
            for connection in connections { connection.behaviourChanged(url) }
        }
    }

    // MARK: The store (called by transport instances, on the queue)

    func behaviour(for url: String) -> FakeRelayBehaviour {
        state.withLock { $0.behaviours[url] } ?? .online
    }

    func contains(_ id: EventID) -> Bool {
        state.withLock { $0.events[id] != nil }
    }

    /// Takes an event into the store (see the rules above) and hands it to every matching
    /// subscription unless it was known or superseded.
    func receive(_ event: Event, json: [UInt8]) {
        switch accept(event, json: json) {
        case .stored, .ephemeral:
            for connection in connections { connection.deliverLive(event, json: json) }
        case .duplicate, .superseded:
            break
        }
    }

    /// The stored events matching any of `filters`, newest first (ties: lowest id), each filter's
    /// matches cut to its `limit`.
    func stored(matching filters: [Filter]) -> [StoredEvent] {
        let all = state.withLock { Array($0.events.values) }
        var chosen: [EventID: StoredEvent] = [:]
        for filter in filters {
            let matches = all.filter { filter.matches($0.event) }.sorted { Self.isNewer($0.event, than: $1.event) }
            for match in matches.prefix(max(0, filter.limit ?? matches.count)) { chosen[match.event.id] = match }
        }
        return chosen.values.sorted { Self.isNewer($0.event, than: $1.event) }
    }

    private func accept(_ event: Event, json: [UInt8]) -> Acceptance {
        state.withLock { state in
            guard state.events[event.id] == nil else { return .duplicate }
            if (20_000..<30_000).contains(event.kind) { return .ephemeral }
            if let slot = ReplacementSlot(event) {
                let rivals = state.events.values.filter { ReplacementSlot($0.event) == slot }
                if rivals.contains(where: { Self.isNewer($0.event, than: event) }) { return .superseded }
                for rival in rivals { state.events[rival.event.id] = nil }
            }
            if event.kind == 5 {
                let named = Set(event.tags.compactMap { tag in tag.count > 1 && tag[0] == "e" ? tag[1] : nil })
                for stored in state.events.values where named.contains(stored.event.id.hex) && stored.event.pubkey == event.pubkey {
                    state.events[stored.event.id] = nil
                }
            }
            state.arrivals += 1
            state.events[event.id] = StoredEvent(event: event, json: json, arrival: state.arrivals)
            return .stored
        }
    }

    /// NIP-01 order: newer first; at the same second, the lower id first (and kept, for replaceables).
    private static func isNewer(_ event: Event, than other: Event) -> Bool {
        event.createdAt != other.createdAt ? event.createdAt > other.createdAt : event.id.hex < other.id.hex
    }

    /// Where a replaceable or addressable event lives: one event per slot.
    private struct ReplacementSlot: Hashable {
        let author: PublicKey
        let kind: Int
        let identifier: String?

        init?(_ event: Event) {
            let kind = event.kind
            if kind == 0 || kind == 3 || (10_000..<20_000).contains(kind) {
                identifier = nil
            } else if (30_000..<40_000).contains(kind) {
                identifier = event.tags.first { $0.count > 1 && $0[0] == "d" }?[1] ?? ""
            } else {
                return nil
            }
            author = event.pubkey
            self.kind = kind
        }
    }

    // MARK: Transport instances

    func register(_ connection: FakeRelayConnection) {
        state.withLock { $0.connections[ObjectIdentifier(connection)] = connection }
    }

    func unregister(_ connection: FakeRelayConnection) {
        state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    private var connections: [FakeRelayConnection] {
        state.withLock { Array($0.connections.values) }
    }

    /// Runs `body` on the relay's queue and waits for it; on the queue already (a call from inside a
    /// sink callback), runs it at once.
    func serialized<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if DispatchQueue.getSpecific(key: Self.queueKey) == token { return try body() }
        return try queue.sync { Result { () throws(Failure) in try body() } }.get()
    }
}
