import Foundation
import LinkstrHost

/// Record builders for the storage tests.
enum Records {
    /// A new random 32-byte owner, so that tests sharing a PostgreSQL database never see each other.
    static func owner() -> [UInt8] {
        (0..<32).map { _ in UInt8.random(in: 0...255) }
    }

    static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    static func post(
        _ owner: [UInt8], _ key: String, session: String = "s1", sort: Int64 = 0, flags: Int64 = 0, value: String = "v"
    ) -> StoredRecord {
        StoredRecord(owner: owner, collection: "post", key: bytes(key), parent: bytes(session), sort: sort, flags: flags, value: bytes(value))
    }

    static func keys(_ records: [StoredRecord]) -> [String] {
        records.map { String(decoding: $0.key, as: UTF8.self) }
    }
}
