import LinkstrHost

/// What a person gives a bunker to start with, read the same for every front end: the relays to
/// listen on, each a relay address (normalized), and the permissions a new client is granted
/// without a question, each one known. `option` names where the text came from (`--relay`,
/// `linkstr_signer_options.relays:`) at the start of a refusal.
public enum BunkerOptions {
    /// Each of `given` normalized; the first that is no relay address is refused.
    public static func listenRelays(_ given: [String], option: String) throws(LinkstrError) -> [String] {
        try given.map { relay throws(LinkstrError) in
            guard let url = RelayURL.normalize(relay) else {
                throw LinkstrError(.badInput, "\(option) \(relay) is not a relay address; use a ws:// or wss:// URL")
            }
            return url
        }
    }

    /// The permissions of the comma-separated `text`; the first entry that is no permission is refused.
    public static func grants(_ text: String, option: String) throws(LinkstrError) -> [BunkerPermission] {
        let (permissions, unknown) = BunkerPermission.list(text)
        if let entry = unknown.first { throw LinkstrError(.badInput, "\(option) \(entry) is not a permission; \(BunkerPermission.shape)") }
        return permissions
    }
}
