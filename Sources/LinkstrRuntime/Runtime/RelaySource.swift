/// Where a relay of the relay list comes from.
public enum RelaySource: String, Sendable {
    /// `relays = [...]` in config.toml.
    case config
    /// The iPhone app's defaults (config.toml sets no relays).
    case `default`
    /// Added with `linkstr relay add`.
    case added
}
