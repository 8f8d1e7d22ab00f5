/// What the user changed about one relay address on top of the base list (config.toml's relays or
/// the defaults). Stored per address; no record means "as the base says".
struct RelayOverride: Equatable, Sendable {
    /// Added with `relay add`: listed even when the base does not list it.
    var added = false
    /// A base relay the user removed: hidden while the base lists it.
    var removed = false
    var enabled = true
}
