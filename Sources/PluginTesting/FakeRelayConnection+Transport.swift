import LinkstrPluginKit
import NostrCore
import PluginABI

/// The fake relay behind the shared `lkh_transport_v1` table. Every publish settles before
/// `publish` returns (its done runs inside it), so there is nothing to cancel.
extension FakeRelayConnection: TransportImplementation {
    func setRelays(_ relays: [TransportRelay]) throws(PluginError) {
        for relay in relays where !(relay.url.hasPrefix("ws://") || relay.url.hasPrefix("wss://")) {
            throw PluginError(.invalid, "relay '\(relay.url.prefix(80))' is not a ws:// or wss:// URL")
        }
        try setRelays(relays.map { (url: $0.url, flags: $0.flags) })
    }

    func subscribe(_ subscriptionID: String, filtersJSON: [UInt8]) throws(PluginError) {
        try subscribe(subscriptionID, filters: try Self.filters(filtersJSON))
    }

    func publish(eventJSON: [UInt8], eventID: String, timeout: Duration, callback: DoneCallback) throws(PluginError) -> UInt64 {
        let outcome = try publish(eventJSON: eventJSON, eventID: eventID)
        if outcome.status.isOK {
            callback.function(callback.userData, LKH_OK, nil, OwnedBytes.make(outcome.result))
        } else {
            var error = LKHErrorSlot.make()
            LKHErrorSlot.write(&error, outcome.status, outcome.message)
            callback.function(callback.userData, outcome.status.rawValue, &error, OwnedBytes.make(outcome.result))
        }
        return outcome.operationID
    }

    func cancel(_ operationID: UInt64) {}

    /// A REQ's filters: a JSON array of at least one filter object.
    private static func filters(_ json: [UInt8]) throws(PluginError) -> [Filter] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(json)
        } catch {
            throw PluginError(.invalid, "filters are not valid JSON: \(error)")
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw PluginError(.invalid, "the filters must be a JSON array of at least one filter object")
        }
        return try elements.map { (element) throws(PluginError) in try Filter(requestFilter: element) }
    }
}
