import Foundation
import LinkstrHost
import NostrCore

/// A NIP-46 connection token made by a remote signer:
/// `bunker://<signer-pubkey>?relay=<wss://…>&relay=<wss://…>&secret=<value>`.
///
/// Relays may be percent-encoded (`wss%3A%2F%2Frelay.example`) and are stored normalized. A link
/// without a relay parses (the caller asks for one, see ``withRelay(_:)``); an empty link, another
/// scheme, an invalid signer key or an unusable relay does not.
public struct BunkerLink: Sendable, Equatable {
    public static let scheme = "bunker"

    /// The remote signer's key: requests are encrypted and `p`-tagged to it. Not the user's key.
    public let signer: PublicKey
    /// Where the signer listens, normalized, without duplicates, in the link's order.
    public let relays: [String]
    /// The one-time secret the signer expects in `connect`, if the link carries one.
    public let secret: String?

    public init(signer: PublicKey, relays: [String], secret: String?) {
        self.signer = signer
        self.relays = relays
        self.secret = secret
    }

    public init(parsing text: String) throws(BunkerLinkError) {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !link.isEmpty else { throw .empty }
        let prefix = Self.scheme + "://"
        guard link.lowercased().hasPrefix(prefix) else { throw .notABunkerLink(link) }
        let rest = link.dropFirst(prefix.count)
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let key = String(parts[0]).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard !key.isEmpty else { throw .missingSignerKey }
        do {
            signer = try PublicKey(hex: key.lowercased())
        } catch {
            throw .invalidSignerKey(key)
        }
        var relays: [String] = []
        var secret: String?
        let query = parts.count > 1 ? String(parts[1]) : ""
        for pair in query.split(separator: "&") {
            let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(field[0])
            let value = field.count > 1 ? (String(field[1]).removingPercentEncoding ?? String(field[1])) : ""
            switch name {
            case "relay":
                let url = try Self.relay(value)
                if !relays.contains(url) { relays.append(url) }
            case "secret":
                if !value.isEmpty { secret = value }
            default:
                continue
            }
        }
        self.relays = relays
        self.secret = secret
    }

    /// The refusal of a link that names no relay (nothing can be asked of its signer), the sentence
    /// ending with `howToGive`: how this front end takes a relay.
    public static func namesNoRelay(howToGive: String) -> LinkstrError {
        LinkstrError(.badInput, "the bunker link names no relay; \(howToGive)")
    }

    /// The same link with `relay` added (for a link that came without one).
    public func withRelay(_ relay: String) throws(BunkerLinkError) -> BunkerLink {
        let url = try Self.relay(relay)
        return BunkerLink(signer: signer, relays: relays.contains(url) ? relays : relays + [url], secret: secret)
    }

    /// The link as text, relays and secret percent-encoded.
    public var uri: String {
        var query = relays.map { "relay=" + Self.encode($0) }
        if let secret { query.append("secret=" + Self.encode(secret)) }
        return "\(Self.scheme)://\(signer.hex)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    private static func relay(_ text: String) throws(BunkerLinkError) -> String {
        guard let url = RelayURL.normalize(text) else { throw .invalidRelay(text) }
        return url
    }

    static func encode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
