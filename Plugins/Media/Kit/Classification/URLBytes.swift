/// Byte-level helpers over a URL's UTF-8 bytes, used on the classification hot path: no allocation,
/// no Unicode processing (every byte the rules compare is ASCII).
///
/// Ranges are offsets into the buffer. Literals are `StaticString`s, compared without copying.
public struct URLBytes {
    public let buffer: UnsafeBufferPointer<UInt8>

    public init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @inline(__always)
    public subscript(_ index: Int) -> UInt8 { buffer[index] }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// True when the bytes in `range` equal `literal`, ASCII case-insensitively.
    func equalsIgnoringCase(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let text = literal.utf8Start
        var offset = 0
        for index in range {
            if Self.lower(buffer[index]) != Self.lower(text[offset]) { return false }
            offset += 1
        }
        return true
    }

    /// True when the bytes in `range` equal `literal` exactly.
    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let text = literal.utf8Start
        var offset = 0
        for index in range {
            if buffer[index] != text[offset] { return false }
            offset += 1
        }
        return true
    }

    /// True when `range` starts with `literal`, ASCII case-insensitively.
    func hasPrefixIgnoringCase(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return equalsIgnoringCase(range.lowerBound..<range.lowerBound + count, literal)
    }

    /// True when `range` ends with `literal`, ASCII case-insensitively.
    func hasSuffixIgnoringCase(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return equalsIgnoringCase(range.upperBound - count..<range.upperBound, literal)
    }

    /// True when `range` is non-empty and all ASCII digits.
    func isAllDigits(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for index in range where !Self.isDigit(buffer[index]) { return false }
        return true
    }

    /// The leading run of ASCII digits of `range`.
    func leadingDigits(_ range: Range<Int>) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound, Self.isDigit(buffer[end]) { end += 1 }
        return range.lowerBound..<end
    }

    /// The first index of `byte` in `range`, or nil.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        for index in range where buffer[index] == byte { return index }
        return nil
    }

    /// True when `range` is a plausible YouTube video id: 11 characters of `[A-Za-z0-9_-]`.
    func isYouTubeVideoID(_ range: Range<Int>) -> Bool {
        guard range.count == 11 else { return false }
        for index in range {
            let byte = buffer[index]
            let isLetter = Self.lower(byte) &- 0x61 < 26
            if !(isLetter || Self.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")) { return false }
        }
        return true
    }
}
