import LinkstrHost

/// The tables of `config.toml` that belong to linkstr's features, not to plugin selection: the host
/// reads and checks the file (``Configuration``) and leaves these to the runtime.
///
/// ```toml
/// [saved]                                       # the webhook saved links are pushed to
/// webhook = "https://hooks.example.com/linkstr"
///
/// [signer]                                      # linkstr as a bunker for other Nostr clients
/// serve = true
///
/// [browser]                                     # what web pages may ask without asking the user
/// allow = ["https://example.org:signEvent:1"]
///
/// [profiles]                                    # the auto-lock of an unlocked home
/// auto_lock_minutes = 15
///
/// [app]                                         # the background service also serves the app
/// serve = true
/// ```
public struct RuntimeSettings: Equatable, Sendable {
    /// `[saved]`: the webhook saved links are pushed to.
    public var savedLinks = SavedLinksSettings()
    /// `[signer]`: linkstr as a bunker for other Nostr clients.
    public var bunker = BunkerSettings()
    /// `[browser]`: what web pages may ask of the account without asking the user.
    public var browser = BrowserSettings()
    /// `[profiles]`: the auto-lock of an unlocked home.
    public var profiles = ProfileSettings()
    /// `[app]`: the background service also serves the app.
    public var app = AppSettings()

    public init() {}

    /// The top-level tables these settings are read from, which the host leaves to the runtime.
    public static let tables = tableExamples.map(\.name)

    /// Each table, with how it is written (said when the name is used for something else).
    static let tableExamples = [
        (name: "saved", example: "[saved] with webhook = \"https://…\""),
        (name: "signer", example: "[signer] with serve = true"),
        (name: "browser", example: "[browser] with allow = [\"https://example.org:signEvent:1\"]"),
        (name: "profiles", example: "[profiles] with auto_lock_minutes = 15"),
        (name: "app", example: "[app] with serve = true"),
    ]
}
