/// The `[saved]` section of `config.toml`: where saved links are pushed.
///
/// ```toml
/// [saved]
/// webhook = "https://hooks.example.com/linkstr"   # POSTed {"urls":[…]} on every save and daily
/// token = "…"                                      # sent as Authorization: Bearer …
/// secret = "…"                                     # signs the body: X-Linkstr-Signature: sha256=<hex HMAC>
/// extra_fields = true                              # also note, title, updated_at per link
/// ```
public struct SavedLinksSettings: Equatable, Sendable {
    public var webhook: String?
    public var token: String?
    public var secret: String?
    public var extraFields = false

    public init(webhook: String? = nil, token: String? = nil, secret: String? = nil, extraFields: Bool = false) {
        self.webhook = webhook
        self.token = token
        self.secret = secret
        self.extraFields = extraFields
    }

    /// The setting names `[saved]` may use.
    public static let knownKeys = ["webhook", "token", "secret", "extra_fields"]
}
