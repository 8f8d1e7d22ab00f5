import LinkstrHost

/// The `[signer]` section of `config.toml`: linkstr as a bunker (a NIP-46 remote signer) for other
/// Nostr clients.
///
/// ```toml
/// [signer]
/// serve = true                                  # `linkstr watch` (and the service) answers clients too
/// allow = ["sign_event:1", "nip44_encrypt"]     # granted to a new client without asking
/// secret = "…"                                  # the bunker link's secret (default: a fresh one per serve)
/// relays = ["wss://relay.example.com"]          # where it listens (default: the account's relays)
/// ```
public struct BunkerSettings: Equatable, Sendable {
    public var serve = false
    /// Granted to a new client that connects with the secret, as far as it asks for them; nil when
    /// the file names no rule (then a new client is approved on the terminal).
    public var allow: [BunkerPermission]?
    public var secret: String?
    public var relays: [String] = []

    public init(serve: Bool = false, allow: [BunkerPermission]? = nil, secret: String? = nil, relays: [String] = []) {
        self.serve = serve
        self.allow = allow
        self.secret = secret
        self.relays = relays
    }

    /// The setting names `[signer]` may use.
    public static let knownKeys = ["serve", "allow", "secret", "relays"]
}
