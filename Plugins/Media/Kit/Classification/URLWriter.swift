/// Writes a URL into a fixed, caller-owned byte buffer (the `char[2048]` fields of
/// `lkh_media_classification`), so classification allocates nothing. Too long a URL sets `overflowed`
/// instead of writing past the end; `finish()` NUL-terminates.
public struct URLWriter {
    private let base: UnsafeMutablePointer<UInt8>
    /// Room for the URL, excluding the terminating NUL.
    private let capacity: Int
    public private(set) var count = 0
    public private(set) var overflowed = false

    /// - Parameter buffer: at least one byte (for the NUL).
    public init(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count > 0, "URLWriter needs room for a NUL")
        base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        capacity = buffer.count - 1
    }

    /// The bytes written so far.
    public var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    public var isEmpty: Bool { count == 0 }

    public mutating func reset() {
        count = 0
        overflowed = false
    }

    /// NUL-terminates what was written.
    public mutating func finish() {
        base[count] = 0
    }

    @inline(__always)
    public mutating func append(byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base[count] = byte
        count += 1
    }

    public mutating func append(_ literal: StaticString) {
        let text = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount { append(byte: text[index]) }
    }

    public mutating func append(_ bytes: URLBytes, _ range: Range<Int>) {
        for index in range { append(byte: bytes[index]) }
    }

    public mutating func appendLowercased(_ bytes: URLBytes, _ range: Range<Int>) {
        for index in range { append(byte: URLBytes.lower(bytes[index])) }
    }

    /// Appends `other`'s bytes percent-encoded as a query value: everything but RFC 3986 unreserved
    /// characters is encoded.
    public mutating func appendQueryValueEncoding(_ other: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in other {
            let isUnreserved = URLBytes.lower(byte) &- 0x61 < 26 || URLBytes.isDigit(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
            if isUnreserved {
                append(byte: byte)
            } else {
                append(byte: UInt8(ascii: "%"))
                append(byte: hex.utf8Start[Int(byte >> 4)])
                append(byte: hex.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    /// Appends a non-negative decimal number.
    public mutating func append(decimal value: Int) {
        guard value >= 10 else {
            append(byte: UInt8(ascii: "0") + UInt8(value))
            return
        }
        append(decimal: value / 10)
        append(byte: UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Copies another writer's bytes.
    public mutating func append(contentsOf other: URLWriter) {
        for byte in other.written { append(byte: byte) }
    }
}
