import Foundation
import LinkstrHost

/// One `[browser]` rule: `"<origin>:<method>"` or, for `signEvent`, `"<origin>:signEvent:<kind>"`;
/// `*` as the method stands for every method (and every kind).
///
/// ```toml
/// allow = ["https://example.org:signEvent:1", "https://example.org:getPublicKey"]
/// ```
public struct BrowserRule: Equatable, Hashable, Sendable {
    /// `scheme://host[:port]`, lowercased, as a page's `location.origin`.
    public var origin: String
    /// nil for `*`.
    public var method: BrowserMethod?
    /// The event kind a `signEvent` rule is limited to; nil for every kind.
    public var kind: Int?

    public init(origin: String, method: BrowserMethod?, kind: Int? = nil) {
        self.origin = origin
        self.method = method
        self.kind = kind
    }

    /// As it is written in config.toml: `origin:method`, `origin:*`, `origin:signEvent:kind`.
    public var text: String {
        origin + ":" + (method?.rawValue ?? "*") + (kind.map { ":\($0)" } ?? "")
    }

    /// Parses a rule; the error is a sentence saying what a rule looks like.
    public init(parsing text: String) throws(BrowserRuleError) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var kind: Int?
        if parts.count > 2, let number = Int(parts[parts.count - 1]), number >= 0, Self.methodName(parts[parts.count - 2]) != nil {
            kind = number
            parts.removeLast()
        }
        guard parts.count > 1, let method = Self.methodName(parts[parts.count - 1]) else { throw BrowserRuleError(rule: text) }
        parts.removeLast()
        guard let origin = Self.origin(parts.joined(separator: ":")) else { throw BrowserRuleError(rule: text) }
        if kind != nil, method != .some(.signEvent) { throw BrowserRuleError(rule: text) }
        self.init(origin: origin, method: method, kind: kind)
    }

    /// Whether the rule covers `method` (with `kind` for `signEvent`) requested by `origin`.
    public func covers(origin: String, method: BrowserMethod, kind: Int?) -> Bool {
        guard self.origin == origin, self.method == nil || self.method == method else { return false }
        return self.kind == nil || self.kind == kind
    }

    /// `text` as an origin (`https`, or `http` on this machine only, a host, an optional port,
    /// nothing after), lowercased; nil when it is not one. A plain-http page elsewhere is not
    /// trusted with the key: anyone on the way can change what it asks.
    public static func origin(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host?.lowercased(), !host.isEmpty, components.path.isEmpty, components.query == nil,
            components.fragment == nil, components.user == nil
        else { return nil }
        guard scheme == "https" || LoopbackHost.contains(host) else { return nil }
        return scheme + "://" + host + (components.port.map { ":\($0)" } ?? "")
    }

    /// `.some(nil)` for `*`, the method for its name, nil for anything else.
    private static func methodName(_ text: String) -> BrowserMethod?? {
        if text == "*" { return .some(nil) }
        return BrowserMethod(rawValue: text).map { .some($0) }
    }
}
