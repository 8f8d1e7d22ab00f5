import LinkstrHost
import NostrCore

/// A new client asking to use linkstr's bunker, for the person who approves it.
public struct BunkerConnectRequest: Sendable {
    public var client: PublicKey
    /// The name the client gave (unauthenticated: a display hint only).
    public var name: String?
    /// What it asks for; empty when it named nothing (then it asks for everything).
    public var requested: [BunkerPermission]

    /// What approving it grants.
    public var granted: [BunkerPermission] {
        requested.isEmpty ? BunkerPermission.everything : requested
    }

    /// `Client "Name" (npub1…) asks to sign_event:1, nip44_encrypt with your key.`
    public var question: String {
        let who = name.map { "\"\($0)\" (\(client.npub))" } ?? client.npub
        let what = requested.isEmpty ? "use every method (it named no permissions)" : "use \(requested.summary)"
        return "The Nostr client \(who) asks to \(what) with your key. Allow it?"
    }
}
