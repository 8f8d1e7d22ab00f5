/// A strict pull reader for JSON (RFC 8259) over UTF-8 bytes, built for Nostr events and
/// relay frames: the caller asks for the values it expects, and anything it does not want is
/// skipped with full validation. Strings must be valid UTF-8 with no raw control characters;
/// `\uXXXX` escapes must pair surrogates; nesting is limited to ``maximumDepth``.
///
/// Works on a borrowed buffer; use it only inside the `withUnsafe…` scope that provides it.
struct JSONReader {
    private let input: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    static let maximumDepth = 128

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, without consuming it.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < input.count ? input[position] : nil
    }

    /// Consumes `byte` (after whitespace) if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `byte` or fails with "expected <what>, found …".
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard consume(byte) else { throw error("expected \(what()), found \(describeNext())") }
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd(after what: String) throws(JSONSyntaxError) {
        guard peek() == nil else { throw error("unexpected data after \(what)") }
    }

    /// What comes next, for error messages: "a string", "an object", "the end of the input", …
    mutating func describeNext() -> String {
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

    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: position)
    }

    // MARK: Strings

    /// Reads a JSON string value.
    mutating func readString() throws(JSONSyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string, found \(describeNext())") }
        let start = position + 1
        var index = start
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self) else {
                    throw JSONSyntaxError(reason: "string is not valid UTF-8", offset: start - 1)
                }
                position = index + 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(start: start, firstEscape: index) }
            if byte < 0x20 { throw JSONSyntaxError(reason: "control character U+\(hex4(UInt32(byte))) must be escaped in a string", offset: index) }
            index += 1
        }
        throw JSONSyntaxError(reason: "unterminated string", offset: start - 1)
    }

    private mutating func readEscapedString(start: Int, firstEscape: Int) throws(JSONSyntaxError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(firstEscape - start + 64)
        var runStart = start  // bytes from runStart up to index are copied in one go
        var index = firstEscape
        while index < input.count {
            let byte = input[index]
            if byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte >= 0x20 {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index])) }
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw JSONSyntaxError(reason: "string is not valid UTF-8", offset: start - 1)
                }
                position = index + 1
                return text
            }
            if byte < 0x20 {
                throw JSONSyntaxError(reason: "control character U+\(hex4(UInt32(byte))) must be escaped in a string", offset: index)
            }
            guard index + 1 < input.count else { break }
            let escapeStart = index
            index += 2
            switch input[escapeStart + 1] {
            case UInt8(ascii: "\""): bytes.append(0x22)
            case UInt8(ascii: "\\"): bytes.append(0x5C)
            case UInt8(ascii: "/"): bytes.append(0x2F)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4(at: index)
                index += 4
                if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONSyntaxError(reason: "unpaired surrogate \\u\(hex4(scalar)) in a string", offset: escapeStart)
                }
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u"),
                          case let low = try readHex4(at: index + 2), (0xDC00...0xDFFF).contains(low) else {
                        throw JSONSyntaxError(reason: "unpaired surrogate \\u\(hex4(scalar)) in a string", offset: escapeStart)
                    }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                Self.appendUTF8(scalar, to: &bytes)
            default:
                throw JSONSyntaxError(reason: "invalid escape sequence in a string", offset: escapeStart)
            }
            runStart = index
        }
        throw JSONSyntaxError(reason: "unterminated string", offset: start - 1)
    }

    private func readHex4(at index: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= input.count else { throw JSONSyntaxError(reason: "truncated \\u escape", offset: index - 2) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let character = input[index + offset]
            let digit: UInt32
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(character - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(character - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(character - UInt8(ascii: "A") + 10)
            default: throw JSONSyntaxError(reason: "invalid \\u escape: expected 4 hex digits", offset: index - 2)
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Reads a string that must be exactly `output.count × 2` lowercase hex digits. Returns
    /// false (after consuming the string) if it is a well-formed string of other content.
    mutating func readLowercaseHex(into output: UnsafeMutableRawBufferPointer) throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string, found \(describeNext())") }
        let start = position + 1
        let end = start + output.count * 2
        // Fast path: a quote right after the expected number of hex digits.
        if end < input.count, input[end] == UInt8(ascii: "\""),
           Hex.decodeLowercase(UnsafeBufferPointer(rebasing: input[start..<end]), into: output) {
            position = end + 1
            return true
        }
        let text = try readString()
        return Hex.decodeLowercase(text, into: output)
    }

    // MARK: Numbers and literals

    /// Reads an integer in 0…Int64.max; fractions, exponents and negative numbers are refused.
    mutating func readNonNegativeInteger() throws(JSONSyntaxError) -> Int64 {
        guard let first = peek() else { throw error("expected a non-negative integer, found the end of the input") }
        if first == UInt8(ascii: "-") { throw error("expected a non-negative integer, found a negative number") }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("expected a non-negative integer, found \(describeNext())")
        }
        let start = position
        var value: Int64 = 0
        while position < input.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[position]) {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(input[position] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { throw JSONSyntaxError(reason: "integer does not fit in 64 bits", offset: start) }
            value = sum
            position += 1
        }
        if first == UInt8(ascii: "0"), position - start > 1 {
            throw JSONSyntaxError(reason: "numbers must not have leading zeros", offset: start)
        }
        if position < input.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(input[position]) {
            throw JSONSyntaxError(reason: "expected an integer, found a number with a fraction or exponent", offset: start)
        }
        return value
    }

    mutating func readBool() throws(JSONSyntaxError) -> Bool {
        if try readLiteralIfPresent("true") { return true }
        if try readLiteralIfPresent("false") { return false }
        throw error("expected true or false, found \(describeNext())")
    }

    private mutating func readLiteralIfPresent(_ literal: StaticString) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let length = literal.utf8CodeUnitCount
        guard position < input.count, input[position] == literal.utf8Start.pointee else { return false }
        guard position + length <= input.count,
              (0..<length).allSatisfy({ input[position + $0] == literal.utf8Start[$0] }) else {
            throw error("invalid literal, expected '\(literal)'")
        }
        position += length
        return true
    }

    private mutating func skipNumber() throws(JSONSyntaxError) {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while reader.position < reader.input.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.input[reader.position]) {
                reader.position += 1
                count += 1
            }
            return count
        }
        if input[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        if input[integerStart] == UInt8(ascii: "0"), integerDigits > 1 {
            throw JSONSyntaxError(reason: "numbers must not have leading zeros", offset: start)
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        }
        if position < input.count, input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E") {
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        }
    }

    // MARK: Skipping

    /// Reads and discards one complete, valid JSON value.
    mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try readString()
                try expect(UInt8(ascii: ":"), "':' after an object key")
                try skipValue(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        case UInt8(ascii: "["):
            position += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat {
                try skipValue(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try readBool()
        case UInt8(ascii: "n"):
            guard try readLiteralIfPresent("null") else { throw error("invalid literal") }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw error("expected a JSON value, found \(describeNext())")
        }
    }
}
