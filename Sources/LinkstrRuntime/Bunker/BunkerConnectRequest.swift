import LinkstrHost
import NostrCore

/// A new client asking to use linkstr's bunker, for the person who approves it.
public struct BunkerConnectRequest: Sendable {
    public var client: PublicKey
    /// The name the client gave (unauthenticated: a display hint only).
    public var name: String?
    /// What it asks for; empty when it named nothing, or nothing known.
    public var requested: [BunkerPermission]

    public init(client: PublicKey, name: String?, requested: [BunkerPermission]) {
        self.client = client
        self.name = name
        self.requested = requested
    }

    /// What approving it grants: what it named, nothing more (nothing named: only `get_public_key`).
    public var granted: [BunkerPermission] { requested }

    /// The question, with what each permission allows in words:
    /// `The Nostr client "Name" (npub1…) asks to use your key to:` and a line per permission.
    public var question: String {
        requested.isEmpty ? "\(headline) Allow it?" : "\(headline)\n\(requested.meanings)\nAllow it?"
    }

    /// The question's first sentence, for a front end that lists the permissions itself (each
    /// `permission: meaning`, as ``BunkerPermission/meaning`` says it).
    public var headline: String {
        let who = name.map { "\"\($0)\" (\(client.npub))" } ?? client.npub
        guard !requested.isEmpty else {
            return "The Nostr client \(who) asks to connect without naming a permission: it may only learn your public key."
        }
        return "The Nostr client \(who) asks to use your key to:"
    }
}
