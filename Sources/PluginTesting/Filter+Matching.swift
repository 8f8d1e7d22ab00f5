import LinkstrPluginKit
import NostrCore

/// NIP-01 filters as the fake relay reads and applies them: `ids`, `authors`, `kinds`, `#e`, `#p`,
/// `since`, `until` (both inclusive) and `limit`.
extension Filter {
    /// Reads one filter object of a REQ.
    ///
    /// - Throws: `.invalid` for a value of the wrong shape, `.unsupported` for a key the fake relay
    ///   does not implement (rather than matching more than a relay would).
    init(requestFilter value: JSONValue) throws(PluginError) {
        guard case .object(let members) = value else { throw PluginError(.invalid, "a filter must be a JSON object") }
        self.init()
        for (key, member) in members {
            switch key {
            case "ids": ids = try Self.strings(member, key).map { (hex) throws(PluginError) in try Self.parse(hex, key, EventID.init(hex:)) }
            case "authors": authors = try Self.strings(member, key).map { (hex) throws(PluginError) in try Self.parse(hex, key, PublicKey.init(hex:)) }
            case "#e":
                eventReferences = try Self.strings(member, key).map { (hex) throws(PluginError) in try Self.parse(hex, key, EventID.init(hex:)) }
            case "#p":
                pubkeyReferences = try Self.strings(member, key).map { (hex) throws(PluginError) in try Self.parse(hex, key, PublicKey.init(hex:)) }
            case "kinds": kinds = try Self.integers(member, key).map { Int($0) }
            case "since": since = try Self.integer(member, key)
            case "until": until = try Self.integer(member, key)
            case "limit": limit = Int(try Self.integer(member, key))
            default: throw PluginError(.unsupported, "the fake relay does not support the filter key '\(key)'")
            }
        }
    }

    /// Whether `event` passes every condition of the filter (`limit` aside, which counts stored events).
    func matches(_ event: Event) -> Bool {
        if let ids, !ids.contains(event.id) { return false }
        if let authors, !authors.contains(event.pubkey) { return false }
        if let kinds, !kinds.contains(event.kind) { return false }
        if let since, event.createdAt < since { return false }
        if let until, event.createdAt > until { return false }
        if let eventReferences, !Self.tags("e", of: event).contains(where: { value in eventReferences.contains { $0.hex == value } }) {
            return false
        }
        if let pubkeyReferences, !Self.tags("p", of: event).contains(where: { value in pubkeyReferences.contains { $0.hex == value } }) {
            return false
        }
        return true
    }

    /// The values of the event's tags named `name`.
    private static func tags(_ name: String, of event: Event) -> [String] {
        event.tags.compactMap { tag in tag.count > 1 && tag[0] == name ? tag[1] : nil }
    }

    private static func strings(_ value: JSONValue, _ key: String) throws(PluginError) -> [String] {
        guard case .array(let elements) = value else { throw PluginError(.invalid, "filter key '\(key)' must be an array") }
        return try elements.map { (element) throws(PluginError) -> String in
            guard case .string(let text) = element else { throw PluginError(.invalid, "filter key '\(key)' must hold strings") }
            return text
        }
    }

    private static func integers(_ value: JSONValue, _ key: String) throws(PluginError) -> [Int64] {
        guard case .array(let elements) = value else { throw PluginError(.invalid, "filter key '\(key)' must be an array") }
        return try elements.map { (element) throws(PluginError) in try integer(element, key) }
    }

    private static func integer(_ value: JSONValue, _ key: String) throws(PluginError) -> Int64 {
        guard case .number(let text) = value, let number = Int64(text) else {
            throw PluginError(.invalid, "filter key '\(key)' must be a whole number")
        }
        return number
    }

    private static func parse<Value>(_ hex: String, _ key: String, _ make: (String) throws(KeyError) -> Value) throws(PluginError) -> Value {
        do {
            return try make(hex)
        } catch {
            throw PluginError(.invalid, "filter key '\(key)' holds '\(hex.prefix(80))', not 64 lowercase hex digits of a valid key or id")
        }
    }
}
