/// A strict JSON (RFC 8259) scanner over UTF-8 bytes that reads relay frames and the host's
/// filters without building a document: the caller walks arrays and objects, reads the strings and
/// booleans it needs and skips the rest with full validation. Skipped values report their byte range,
/// so an event object can be handed to the host exactly as the relay sent it.
///
/// Strings must be valid UTF-8 without raw control characters, `\u` escapes must pair surrogates,
/// numbers follow the JSON grammar, and nesting is limited to ``maximumDepth``.
///
/// Thread rule: a value type; use one scanner from one thread at a time.
struct JSONScanner {
    let bytes: [UInt8]
    private(set) var position = 0

    static let maximumDepth = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Consumes `[` or fails.
    mutating func beginArray() throws(JSONScanError) {
        try expect(UInt8(ascii: "["), "'['")
    }

    /// Moves to the next array element: true when one follows (after its comma), false after the
    /// closing `]`. Call it once before each element, including the first.
    mutating func nextElement(isFirst: Bool) throws(JSONScanError) -> Bool {
        if consume(UInt8(ascii: "]")) { return false }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or ']'") }
        guard peek() != nil else { throw failure("unexpected end inside an array") }
        return true
    }

    /// Consumes `{` or fails.
    mutating func beginObject() throws(JSONScanError) {
        try expect(UInt8(ascii: "{"), "'{'")
    }

    /// Reads the next member name and its colon, or returns nil after the closing `}`.
    mutating func nextMember(isFirst: Bool) throws(JSONScanError) -> String? {
        if consume(UInt8(ascii: "}")) { return nil }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or '}'") }
        let name = try readString()
        try expect(UInt8(ascii: ":"), "':'")
        return name
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(JSONScanError) {
        guard peek() == nil else { throw failure("unexpected data after the end of the JSON value") }
    }

    /// The first byte of the next value (after whitespace), without consuming it.
    mutating func peek() -> UInt8? {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return bytes[position]
            }
        }
        return nil
    }

    // MARK: Values

    /// Validates one value of any type and returns the range of its bytes.
    @discardableResult
    mutating func skipValue() throws(JSONScanError) -> Range<Int> {
        guard peek() != nil else { throw failure("expected a value, found the end of the input") }
        let start = position
        try skipValue(depth: 0)
        return start..<position
    }

    /// Reads a string value.
    mutating func readString() throws(JSONScanError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string, found \(describeNext())") }
        let start = position + 1
        var index = start
        var decoded: [UInt8]? = nil  // allocated at the first escape
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let raw = decoded ?? Array(bytes[start..<index])
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw JSONScanError(reason: "a string is not valid UTF-8", offset: start - 1)
                }
                position = index + 1
                return text
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = Array(bytes[start..<index]) }
                index = try decodeEscape(at: index, into: &decoded!)
            case 0..<0x20:
                throw JSONScanError(reason: "a control character must be escaped in a string", offset: index)
            default:
                decoded?.append(byte)
                index += 1
            }
        }
        throw JSONScanError(reason: "unterminated string", offset: start - 1)
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws(JSONScanError) -> Bool {
        if try consumeLiteral("true") { return true }
        if try consumeLiteral("false") { return false }
        throw failure("expected true or false, found \(describeNext())")
    }

    // MARK: Helpers

    func failure(_ reason: String) -> JSONScanError {
        JSONScanError(reason: reason, offset: position)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONScanError) {
        guard consume(byte) else { throw failure("expected \(what), found \(describeNext())") }
    }

    private mutating func describeNext() -> String {
        guard let byte = peek() else { return "the end of the input" }
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "the byte 0x\(String(byte, radix: 16))"
        }
    }

    private mutating func skipValue(depth: Int) throws(JSONScanError) {
        guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        guard let next = peek() else { throw failure("expected a value, found the end of the input") }
        switch next {
        case UInt8(ascii: "{"):
            position += 1
            var isFirst = true
            while try nextMember(isFirst: isFirst) != nil {
                isFirst = false
                guard peek() != nil else { throw failure("unexpected end inside an object") }
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            position += 1
            var isFirst = true
            while try nextElement(isFirst: isFirst) {
                isFirst = false
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try readBool()
        case UInt8(ascii: "n"):
            guard try consumeLiteral("null") else { throw failure("invalid literal") }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw failure("expected a value, found \(describeNext())")
        }
    }

    private mutating func consumeLiteral(_ literal: StaticString) throws(JSONScanError) -> Bool {
        guard let first = peek(), first == literal.utf8Start.pointee else { return false }
        let length = literal.utf8CodeUnitCount
        guard position + length <= bytes.count,
            (0..<length).allSatisfy({ bytes[position + $0] == literal.utf8Start[$0] })
        else { throw failure("invalid literal, expected '\(literal)'") }
        position += length
        return true
    }

    private mutating func skipNumber() throws(JSONScanError) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerDigits = skipDigits()
        guard integerDigits > 0 else { throw JSONScanError(reason: "a number has no digits", offset: start) }
        if integerDigits > 1, bytes[position - integerDigits] == UInt8(ascii: "0") {
            throw JSONScanError(reason: "a number has a leading zero", offset: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw JSONScanError(reason: "a number has no digits after '.'", offset: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard skipDigits() > 0 else { throw JSONScanError(reason: "a number has no exponent digits", offset: start) }
        }
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    /// Decodes the escape at `index` (a backslash) into `output`; returns the index after it.
    private func decodeEscape(at index: Int, into output: inout [UInt8]) throws(JSONScanError) -> Int {
        guard index + 1 < bytes.count else { throw JSONScanError(reason: "unterminated string", offset: index) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at: index + 2)
            var next = index + 6
            if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONScanError(reason: "an unpaired surrogate escape in a string", offset: index)
            }
            if (0xD800...0xDBFF).contains(scalar) {
                guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else {
                    throw JSONScanError(reason: "an unpaired surrogate escape in a string", offset: index)
                }
                let low = try hex4(at: next + 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONScanError(reason: "an unpaired surrogate escape in a string", offset: index)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            }
            output.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            return next
        default:
            throw JSONScanError(reason: "an invalid escape sequence in a string", offset: index)
        }
        return index + 2
    }

    private func hex4(at index: Int) throws(JSONScanError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw JSONScanError(reason: "a truncated \\u escape", offset: index - 2) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONScanError(reason: "a \\u escape needs 4 hex digits", offset: index - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
