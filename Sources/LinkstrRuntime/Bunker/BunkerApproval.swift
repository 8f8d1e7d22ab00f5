/// The person's answer to a new client of linkstr's bunker.
public enum BunkerApproval: String, Sendable, CaseIterable {
    /// Approved for as long as this bunker serves: not remembered, so after a restart the client
    /// must connect with a new link.
    case once
    /// Approved and remembered in the account: it reconnects without a secret.
    case always
    case deny

    /// A yes/no answer (the terminal's question): yes is remembered.
    public init(allowed: Bool) {
        self = allowed ? .always : .deny
    }
}
