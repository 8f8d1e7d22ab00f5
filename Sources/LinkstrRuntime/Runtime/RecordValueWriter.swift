/// Builds the compact binary form of a record value: fixed-width little-endian integers and
/// length-prefixed byte strings, in an order the matching ``RecordValueReader`` reads back. No JSON on
/// the ingest path: a post record is written and read thousands of times per second.
///
/// A value type; not shared between threads.
struct RecordValueWriter {
    private(set) var bytes: [UInt8] = []

    init(version: UInt8) {
        bytes.reserveCapacity(128)
        bytes.append(version)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func count(_ value: Int) {
        withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Exactly 32 bytes (keys, ids): no length prefix.
    mutating func fixed32(_ value: [UInt8]) {
        precondition(value.count == 32, "fixed32 needs 32 bytes")
        bytes.append(contentsOf: value)
    }

    mutating func data(_ value: [UInt8]) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func string(_ value: String) {
        data(Array(value.utf8))
    }

    /// A presence byte, then the string.
    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
}
