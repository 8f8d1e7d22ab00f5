extension JSONReader {
    /// Reads a string value.
    @inlinable
    public mutating func readString() throws(JSONSyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string, found \(describeNext())") }
        let start = offset + 1
        var index = start
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self) else {
                    throw JSONSyntaxError(reason: "string is not valid UTF-8", offset: start - 1)
                }
                offset = index + 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(start: start, firstEscape: index) }
            if byte < 0x20 { throw Self.unescapedControlCharacter(byte, at: index) }
            index += 1
        }
        throw JSONSyntaxError(reason: "unterminated string", offset: start - 1)
    }

    /// Validates the string that comes next and moves past it, without building it when it is
    /// plain ASCII without escapes (hex keys, base64 payloads): skipping is most of reading a frame.
    @inlinable
    public mutating func skipString() throws(JSONSyntaxError) {
        if peek() == UInt8(ascii: "\"") {
            var index = offset + 1
            var highBits: UInt8 = 0
            while index < input.count {
                let byte = input[index]
                if byte == UInt8(ascii: "\""), highBits < 0x80 {
                    offset = index + 1
                    return
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                highBits |= byte
                index += 1
            }
        }
        _ = try readString()  // escapes, UTF-8 to validate, or an error to report as it does
    }

    /// When the next value is a string whose closing quote follows exactly `count` bytes and
    /// `accept` takes those bytes (as written, escapes not decoded), consumes it and returns true;
    /// otherwise consumes nothing and returns false. The fast path for strings of a fixed size,
    /// such as hex keys.
    @inlinable
    public mutating func consumeString(byteCount count: Int, where accept: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard peek() == UInt8(ascii: "\"") else { return false }
        let start = offset + 1
        let end = start + count
        guard end < input.count, input[end] == UInt8(ascii: "\""), accept(UnsafeBufferPointer(rebasing: input[start..<end])) else {
            return false
        }
        offset = end + 1
        return true
    }

    @usableFromInline
    static func unescapedControlCharacter(_ byte: UInt8, at index: Int) -> JSONSyntaxError {
        JSONSyntaxError(reason: "control character U+\(hex4(UInt32(byte))) must be escaped in a string", offset: index)
    }

    /// The rest of a string from its first escape: runs without escapes are copied in one go.
    @usableFromInline
    mutating func readEscapedString(start: Int, firstEscape: Int) throws(JSONSyntaxError) -> String {
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
                offset = index + 1
                return text
            }
            if byte < 0x20 { throw Self.unescapedControlCharacter(byte, at: index) }
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
                    throw JSONSyntaxError(reason: "unpaired surrogate \\u\(Self.hex4(scalar)) in a string", offset: escapeStart)
                }
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u"),
                          case let low = try readHex4(at: index + 2), (0xDC00...0xDFFF).contains(low) else {
                        throw JSONSyntaxError(reason: "unpaired surrogate \\u\(Self.hex4(scalar)) in a string", offset: escapeStart)
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

    /// `value` as 4 uppercase hex digits, for error messages.
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
