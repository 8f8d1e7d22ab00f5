/// The `[browser]` section of `config.toml`: what web pages may ask of the account through the
/// browser extension without asking the user. A deny rule wins over an allow rule.
///
/// ```toml
/// [browser]
/// allow = ["https://example.org:getPublicKey", "https://example.org:signEvent:1"]
/// deny = ["https://tracker.example:*"]
/// ```
public struct BrowserSettings: Equatable, Sendable {
    public var allow: [BrowserRule] = []
    public var deny: [BrowserRule] = []

    public init(allow: [BrowserRule] = [], deny: [BrowserRule] = []) {
        self.allow = allow
        self.deny = deny
    }

    /// The setting names `[browser]` may use.
    public static let knownKeys = ["allow", "deny"]
}
