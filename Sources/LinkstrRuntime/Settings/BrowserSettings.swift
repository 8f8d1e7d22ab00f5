/// The `[browser]` section of `config.toml`: what web pages may ask of the account through the
/// browser extension without asking the user. A deny rule wins over an allow rule. The rules of
/// `[browser]` itself apply to every profile; those of `[browser.profiles.NAME]` only while the
/// profile NAME answers (so allowing a site as one profile never hands it another).
///
/// ```toml
/// [browser]
/// deny = ["https://tracker.example:*"]
/// [browser.profiles.work]
/// allow = ["https://example.org:getPublicKey", "https://example.org:signEvent:1"]
/// ```
public struct BrowserSettings: Equatable, Sendable {
    public var allow: [BrowserRule] = []
    public var deny: [BrowserRule] = []
    /// `[browser.profiles.NAME]`: the rules of one profile, by its name.
    public var profiles: [String: BrowserSettings] = [:]

    public init(allow: [BrowserRule] = [], deny: [BrowserRule] = [], profiles: [String: BrowserSettings] = [:]) {
        self.allow = allow
        self.deny = deny
        self.profiles = profiles
    }

    /// The rules that decide for the profile `name`: the ones for every profile, then its own.
    public func rules(for name: String) -> BrowserSettings {
        let own = profiles[name] ?? BrowserSettings()
        return BrowserSettings(allow: allow + own.allow, deny: deny + own.deny)
    }

    /// The setting names `[browser]` may use.
    public static let knownKeys = ["allow", "deny", "profiles"]
}
