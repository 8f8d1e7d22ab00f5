import NostrCore

/// The profile one browser request is answered as: its id and name (whose permissions decide)
/// and its signer.
public struct BrowserAccount: Sendable {
    public let profile: ProfileID
    public let profileName: String
    public let signer: any Signer
    /// The home's relays, for `getRelays`.
    public let relays: RelaySettings?

    public init(profile: ProfileID, profileName: String, signer: any Signer, relays: RelaySettings?) {
        self.profile = profile
        self.profileName = profileName
        self.signer = signer
        self.relays = relays
    }
}
