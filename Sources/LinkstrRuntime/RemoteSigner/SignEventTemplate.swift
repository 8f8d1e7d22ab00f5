import NostrCore

/// The event a `sign_event` request asks the remote signer to sign, in NIP-01 field names.
struct SignEventTemplate: Codable, Sendable {
    var pubkey: String
    var createdAt: Int64
    var kind: Int
    var tags: [[String]]
    var content: String

    enum CodingKeys: String, CodingKey {
        case pubkey, kind, tags, content
        case createdAt = "created_at"
    }

    init(_ unsigned: UnsignedEvent) {
        pubkey = unsigned.pubkey.hex
        createdAt = unsigned.createdAt
        kind = unsigned.kind
        tags = unsigned.tags
        content = unsigned.content
    }
}
