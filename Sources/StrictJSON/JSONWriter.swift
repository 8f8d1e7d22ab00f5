/// Appends compact JSON to a byte buffer. Strings are escaped exactly as NIP-01 ids require
/// (and as serde_json, JSON.stringify and Python's json write them): the seven short escapes
/// `\" \\ \n \r \t \b \f`, every other C0 control as `\u00xx` with lowercase hex, everything
/// else (including `/`, DEL, U+2028/U+2029 and all non-ASCII) as raw UTF-8.
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8]

    @inlinable
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inlinable
    public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` as it is (a JSON number kept as written).
    @inlinable
    public mutating func appendRaw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    @inlinable
    public mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes hold the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }

    @inlinable
    public mutating func appendInteger(_ value: Int) { appendInteger(Int64(value)) }

    /// Appends `"…"` with the lowercase hex of `raw` (ids, keys, signatures).
    @inlinable
    public mutating func appendHexString(_ raw: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        for byte in raw {
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `value` as a quoted, escaped JSON string.
    @inlinable
    public mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            Array(value.utf8).withUnsafeBufferPointer { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @usableFromInline
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    @inlinable
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]])
            }
            index += 1
            runStart = index
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// Appends `[["a","b"],…]`.
    @inlinable
    public mutating func appendTags(_ tags: [[String]]) {
        bytes.append(UInt8(ascii: "["))
        for (tagIndex, tag) in tags.enumerated() {
            if tagIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            appendStringArray(tag)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `["a","b",…]`.
    @inlinable
    public mutating func appendStringArray(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `value` as a JSON string literal, quotes included, escaped as ``appendString(_:)`` does.
    public static func quoted(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.appendString(value)
        return writer.string
    }
}
