/// Where an account's remote signer (NIP-46) is, kept in `account.json` so that the account
/// reconnects without its `bunker://` link: the signer's key and relays. The link's one-time secret
/// is not kept; the client's session key is in the key store.
public struct RemoteSignerLink: Codable, Equatable, Sendable {
    /// The signer's public key (hex), not the user's.
    public var signer: String
    public var relays: [String]
    /// False after `account disconnect`: the session key is forgotten and a new link is needed.
    public var connected: Bool
    /// How long each request waits for the signer's answer, in seconds (`account connect --timeout`);
    /// nil for the client's default.
    public var answerTimeout: Int?

    enum CodingKeys: String, CodingKey {
        case signer, relays, connected
        case answerTimeout = "answer_timeout"
    }

    public init(signer: String, relays: [String], connected: Bool, answerTimeout: Int? = nil) {
        self.signer = signer
        self.relays = relays
        self.connected = connected
        self.answerTimeout = answerTimeout
    }

    /// The time limit of each request to the signer.
    public var requestTimeout: Duration { answerTimeout.map { Duration.seconds($0) } ?? RemoteSignerClient.defaultTimeout }
}
