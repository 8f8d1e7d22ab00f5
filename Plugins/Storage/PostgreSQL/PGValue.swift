/// A statement parameter, sent in libpq's binary format. A value type: thread-safe.
enum PGValue: Sendable {
    case bytes([UInt8])
    case int64(Int64)
    case null

    /// A name (a collection) as bytea: its UTF-8 bytes, as the schema stores it.
    static func name(_ name: String) -> PGValue {
        .bytes(Array(name.utf8))
    }

    /// PostgreSQL type OIDs of the parameters this plugin sends.
    static let byteaType: UInt32 = 17
    static let int8Type: UInt32 = 20

    /// The binary wire form (bytea: the bytes; int8: 8 bytes big-endian); nil for NULL.
    var binary: [UInt8]? {
        switch self {
        case .bytes(let bytes): return bytes
        case .int64(let value): return withUnsafeBytes(of: value.bigEndian) { Array($0) }
        case .null: return nil
        }
    }
}
