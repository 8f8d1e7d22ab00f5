import LinkstrHost

/// Record builders for storage checks and tests.
public enum StorageTestRecords {
    /// A new random 32-byte owner, so that checks sharing a database never see each other's records.
    public static func owner() -> [UInt8] {
        (0..<32).map { _ in UInt8.random(in: 0...255) }
    }

    public static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    public static func post(
        _ owner: [UInt8], _ key: String, session: String = "s1", sort: Int64 = 0, flags: Int64 = 0, value: String = "v"
    ) -> StoredRecord {
        StoredRecord(owner: owner, collection: "post", key: bytes(key), parent: bytes(session), sort: sort, flags: flags, value: bytes(value))
    }

    public static func keys(_ records: [StoredRecord]) -> [String] {
        records.map { String(decoding: $0.key, as: UTF8.self) }
    }

    /// A host-wide collection name no other check uses.
    public static func hostWideCollection() -> String {
        "relay-\(owner().prefix(4).map { String($0) }.joined())"
    }
}
