/// `<data>/account.json`: the active identity and where its key is. Holds no secret.
public struct AccountFile: Codable, Equatable, Sendable {
    public var pubkey: String
    public var keyStore: KeyStoreKind
    public var name: String?
    public var createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case pubkey
        case keyStore = "key_store"
        case name
        case createdAt = "created_at"
    }
}
