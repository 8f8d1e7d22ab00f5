/// One type-length-value item of a NIP-19 shareable identifier (nprofile, nevent, naddr).
///
/// A value type; safe to share between threads.
public struct NIP19TLV: Hashable, Sendable {
    /// 0 special, 1 relay, 2 author, 3 kind; other types are carried but ignored.
    public var type: UInt8
    /// At most 255 bytes (the length is one byte).
    public var value: [UInt8]

    public init(type: UInt8, value: [UInt8]) {
        self.type = type
        self.value = value
    }

    public static let special: UInt8 = 0
    public static let relay: UInt8 = 1
    public static let author: UInt8 = 2
    public static let kind: UInt8 = 3

    /// Splits `data` into TLV items in order. A header or value that runs past the end is an
    /// error (the loop always advances, so malformed input cannot make it spin).
    public static func decodeList(_ data: [UInt8]) throws(NIP19Error) -> [NIP19TLV] {
        var items: [NIP19TLV] = []
        var offset = 0
        while offset < data.count {
            guard offset + 2 <= data.count else { throw .truncatedTLV(offset: offset) }
            let type = data[offset]
            let length = Int(data[offset + 1])
            let start = offset + 2
            guard start + length <= data.count else { throw .truncatedTLV(offset: offset) }
            items.append(NIP19TLV(type: type, value: Array(data[start..<(start + length)])))
            offset = start + length
        }
        return items
    }

    /// Concatenates items as type ‖ length ‖ value. Values longer than 255 bytes cannot be
    /// represented and trap (callers build values from 32-byte keys, ids and short strings).
    public static func encodeList(_ items: [NIP19TLV]) -> [UInt8] {
        var data: [UInt8] = []
        for item in items {
            precondition(item.value.count <= 255, "a NIP-19 TLV value holds at most 255 bytes")
            data.append(item.type)
            data.append(UInt8(item.value.count))
            data.append(contentsOf: item.value)
        }
        return data
    }
}
