import NostrCore

/// What linkstr's bunker tells its front end while it serves.
public enum BunkerActivity: Sendable {
    /// It listens on its relays; clients connect with this link.
    case listening(BunkerLink)
    /// A new client was approved (on the terminal or by the `[signer] allow` rule).
    case approved(BunkerClient)
    /// The link's one-time secret was used: new clients need this link.
    case newLink(BunkerLink)
    /// A request was carried out with the user's key (it is in the log too).
    case carriedOut(BunkerLogEntry)
    /// A request was answered with an error.
    case refused(client: PublicKey, method: String, reason: String)
}
