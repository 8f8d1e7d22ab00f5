import NostrCore

/// One contact as a person sees it: a followed key, its private alias and its profile name.
public struct Contact: Equatable, Sendable {
    public var pubkey: PublicKey
    /// Local only; never published (not even as a NIP-02 petname).
    public var alias: String?
    /// From the key's kind 0 profile, when one was seen.
    public var profileName: String?

    public init(pubkey: PublicKey, alias: String?, profileName: String?) {
        self.pubkey = pubkey
        self.alias = alias
        self.profileName = profileName
    }

    /// The alias, else the profile name, else the npub (the iPhone app's order).
    public var displayName: String { alias ?? profileName ?? pubkey.npub }
}
