import Foundation
import LinkstrHost
import NostrCore

/// A NIP-46 connection token made by the client for a signer to scan or paste:
/// `nostrconnect://<client-pubkey>?relay=<wss://…>&secret=<value>&perms=<…>&name=<…>`.
///
/// The signer connects back to the client's key on those relays and answers with the secret,
/// which proves the answer comes from the signer the user handed the link to.
public struct NostrConnectLink: Sendable, Equatable {
    public static let scheme = "nostrconnect"
    /// What linkstr asks a signer for: NIP-44 for wraps and seals, and signing seals (13),
    /// profiles (0), contacts (3), deletions (5) and the challenge that proves the signer holds the
    /// key (``RemoteSignerClient/challengeKind``).
    /// How long a client waits for a signer to answer its link, in seconds, unless told otherwise.
    public static let defaultWait = 120
    public static let defaultPermissions = "nip44_encrypt,nip44_decrypt,sign_event:13,sign_event:0,sign_event:3,sign_event:5,sign_event:24134"

    /// The client's session key: the signer answers to it.
    public let client: PublicKey
    /// Where the client listens, normalized, without duplicates.
    public let relays: [String]
    public let secret: String
    public let permissions: String?
    public let name: String?

    public init(client: PublicKey, relays: [String], secret: String, permissions: String?, name: String?) {
        self.client = client
        self.relays = relays
        self.secret = secret
        self.permissions = permissions
        self.name = name
    }

    /// A link for `sessionKey` on `relays` (normalized) with a fresh random secret.
    public init(sessionKey: SecretKey, relays: [String], permissions: String?, name: String?) throws(BunkerLinkError) {
        var normalized: [String] = []
        for relay in relays {
            guard let url = RelayURL.normalize(relay) else { throw .invalidRelay(relay) }
            if !normalized.contains(url) { normalized.append(url) }
        }
        let secret = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 36) }.joined()
        self.init(
            client: LocalSigner(secretKey: sessionKey).publicKey, relays: normalized, secret: secret, permissions: permissions, name: name)
    }

    /// The link as text, values percent-encoded.
    public var uri: String {
        var query = relays.map { "relay=" + BunkerLink.encode($0) }
        query.append("secret=" + BunkerLink.encode(secret))
        if let permissions { query.append("perms=" + BunkerLink.encode(permissions)) }
        if let name { query.append("name=" + BunkerLink.encode(name)) }
        return "\(Self.scheme)://\(client.hex)?" + query.joined(separator: "&")
    }
}
