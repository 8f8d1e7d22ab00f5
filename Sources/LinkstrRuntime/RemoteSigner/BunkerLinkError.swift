/// Why a `bunker://` link cannot be used. Each description says what is wrong and what a valid link
/// looks like.
public enum BunkerLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notABunkerLink(String)
    case missingSignerKey
    case invalidSignerKey(String)
    case invalidRelay(String)

    static let shape = "expected bunker://<signer pubkey, 64 hex characters>?relay=wss://…&secret=…"

    public var description: String {
        switch self {
        case .empty: return "the bunker link is empty; \(Self.shape)"
        case .notABunkerLink(let link): return "'\(link)' is not a bunker:// link; \(Self.shape)"
        case .missingSignerKey: return "the bunker link names no signer key; \(Self.shape)"
        case .invalidSignerKey(let key): return "'\(key)' in the bunker link is not a valid public key; \(Self.shape)"
        case .invalidRelay(let relay): return "'\(relay)' in the bunker link is not a relay address; use a ws:// or wss:// url"
        }
    }
}
