import LinkstrHost
import NostrCore

/// A client approved to use linkstr's bunker: its key (its NIP-46 session key, not a user key),
/// the name it gave (a display hint only), what it may do and when it was approved.
public struct BunkerClient: Sendable, Equatable {
    public var pubkey: PublicKey
    public var name: String?
    public var permissions: [BunkerPermission]
    public var approvedAt: Int64

    public init(pubkey: PublicKey, name: String?, permissions: [BunkerPermission], approvedAt: Int64) {
        self.pubkey = pubkey
        self.name = name
        self.permissions = permissions
        self.approvedAt = approvedAt
    }

    /// The client as people see it: its name (when it gave one) and npub.
    public var label: String {
        name.map { "\"\($0)\" (\(pubkey.npub))" } ?? pubkey.npub
    }

    func encodedRecord() -> [UInt8] {
        var writer = RecordValueWriter(version: 1)
        writer.fixed32(pubkey.rawBytes)
        writer.optionalString(name)
        writer.string(permissions.map(\.description).joined(separator: ","))
        writer.int64(approvedAt)
        return writer.bytes
    }

    init(encoded bytes: [UInt8]) throws(RecordValueError) {
        var reader = try RecordValueReader(bytes)
        let keyBytes = try reader.fixed32()
        guard let key = try? PublicKey(bytes: keyBytes) else { throw RecordValueError("a bunker record holds an invalid public key") }
        pubkey = key
        name = try reader.optionalString()
        permissions = BunkerPermission.list(try reader.string()).permissions
        approvedAt = try reader.int64()
    }
}
