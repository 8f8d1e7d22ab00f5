/// A strict pull reader for JSON (RFC 8259) over UTF-8 bytes, for Nostr events and relay frames:
/// the caller asks for the values it expects, and anything it does not want is skipped with full
/// validation, reporting the byte range it covered (so a value can be handed on exactly as sent).
/// Strings must be valid UTF-8 with no raw control characters; `\u` escapes (four hex digits) must pair
/// surrogates; numbers follow the JSON grammar; nesting is limited to ``maximumDepth``.
///
/// Its small methods are inlinable: events are read on ingest's hot path, from other modules.
///
/// Works on a borrowed buffer: use it only inside the `withUnsafe…` scope that provides it, from one
/// thread at a time.
public struct JSONReader {
    @usableFromInline let input: UnsafeBufferPointer<UInt8>
    @usableFromInline var offset = 0

    /// How deep arrays and objects may nest. Deep enough for anything Nostr sends (an event inside
    /// a relay frame is 4 levels, a tag list 2 more), shallow enough that the recursion cannot
    /// exhaust a thread's stack; the same for every caller, so the relay pool never refuses an
    /// event the Nostr core would accept.
    public static let maximumDepth = 128

    @inlinable
    public init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    /// The offset of the next byte to read.
    @inlinable
    public var position: Int { offset }

    // MARK: Structure

    @inlinable
    public mutating func skipWhitespace() {
        while offset < input.count {
            switch input[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, without consuming it.
    @inlinable
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < input.count ? input[offset] : nil
    }

    /// Consumes `byte` (after whitespace) if it comes next.
    @inlinable
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes `byte` or fails with "expected <what>, found …".
    @inlinable
    public mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard consume(byte) else { throw error("expected \(what()), found \(describeNext())") }
    }

    /// Fails with "unexpected data after <what>" unless only whitespace is left.
    @inlinable
    public mutating func expectEnd(after what: String) throws(JSONSyntaxError) {
        guard peek() == nil else { throw error("unexpected data after \(what)") }
    }

    /// Moves to the next element of an array whose `[` was consumed: true when one follows (after
    /// its comma), false after the closing `]`. Call it before each element, the first included.
    @inlinable
    public mutating func nextElement(isFirst: Bool) throws(JSONSyntaxError) -> Bool {
        if consume(UInt8(ascii: "]")) { return false }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or ']' in an array") }
        guard peek() != nil else { throw error("unexpected end inside an array") }
        return true
    }

    /// Reads the next member name of an object whose `{` was consumed, and its colon; nil after the
    /// closing `}`. Call it before each member, the first included.
    @inlinable
    public mutating func nextMember(isFirst: Bool) throws(JSONSyntaxError) -> String? {
        if consume(UInt8(ascii: "}")) { return nil }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or '}' in an object") }
        let name = try readString()
        try expect(UInt8(ascii: ":"), "':' after an object key")
        return name
    }

    /// What comes next, for error messages: "a string", "an object", "the end of the input", …
    public mutating func describeNext() -> String {
        guard let byte = peek() else { return "the end of the input" }
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "}"): return "'}'"
        case UInt8(ascii: "]"): return "']'"
        case UInt8(ascii: ","): return "','"
        case UInt8(ascii: ":"): return "':'"
        case 0x21...0x7E: return "the character '\(Character(Unicode.Scalar(byte)))'"
        default: return "the byte 0x\(String(byte, radix: 16))"
        }
    }

    /// An error at the current position.
    @inlinable
    public func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset)
    }
}

/// Why JSON text was refused: what is wrong, in words, and the byte offset where the reader found it,
/// e.g. `unterminated string (at byte 12)`. Callers wrap it into their own errors, naming what they read.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int

    @inlinable
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) (at byte \(offset))" }
}
