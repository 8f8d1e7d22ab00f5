extension JSONReader {
    // MARK: Numbers and literals

    /// Reads an integer in 0…Int64.max; fractions, exponents and negative numbers are refused.
    @inlinable
    public mutating func readNonNegativeInteger() throws(JSONSyntaxError) -> Int64 {
        guard let first = peek() else { throw error("expected a non-negative integer, found the end of the input") }
        if first == UInt8(ascii: "-") { throw error("expected a non-negative integer, found a negative number") }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("expected a non-negative integer, found \(describeNext())")
        }
        let start = offset
        var value: Int64 = 0
        while offset < input.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[offset]) {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(input[offset] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { throw JSONSyntaxError(reason: "integer does not fit in 64 bits", offset: start) }
            value = sum
            offset += 1
        }
        if first == UInt8(ascii: "0"), offset - start > 1 {
            throw JSONSyntaxError(reason: "numbers must not have leading zeros", offset: start)
        }
        if offset < input.count, input[offset] == UInt8(ascii: ".") || input[offset] | 0x20 == UInt8(ascii: "e") {
            throw JSONSyntaxError(reason: "expected an integer, found a number with a fraction or exponent", offset: start)
        }
        return value
    }

    /// Reads a number and returns its text exactly as written (so callers can tell `1` from `1.0`).
    @inlinable
    public mutating func readNumberText() throws(JSONSyntaxError) -> String {
        guard let first = peek(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("expected a number, found \(describeNext())")
        }
        let start = offset
        try skipNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
    }

    /// Reads `true` or `false`.
    @inlinable
    public mutating func readBool() throws(JSONSyntaxError) -> Bool {
        if try readLiteralIfPresent("true") { return true }
        if try readLiteralIfPresent("false") { return false }
        throw error("expected true or false, found \(describeNext())")
    }

    /// Consumes `null` if it comes next.
    @inlinable
    public mutating func readNullIfPresent() throws(JSONSyntaxError) -> Bool {
        try readLiteralIfPresent("null")
    }

    /// Consumes `literal` if its first byte comes next; fails if the rest does not follow.
    @inlinable
    mutating func readLiteralIfPresent(_ literal: StaticString) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let length = literal.utf8CodeUnitCount
        guard offset < input.count, input[offset] == literal.utf8Start.pointee else { return false }
        guard offset + length <= input.count,
              (0..<length).allSatisfy({ input[offset + $0] == literal.utf8Start[$0] }) else {
            throw error("invalid literal, expected '\(literal)'")
        }
        offset += length
        return true
    }

    /// Skips a number (its first byte, `-` or a digit, is next), checking the JSON grammar.
    @inlinable
    mutating func skipNumber() throws(JSONSyntaxError) {
        let start = offset
        if input[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = skipDigits()
        guard integerDigits > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        if input[integerStart] == UInt8(ascii: "0"), integerDigits > 1 {
            throw JSONSyntaxError(reason: "numbers must not have leading zeros", offset: start)
        }
        if offset < input.count, input[offset] == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        }
        if offset < input.count, input[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < input.count, input[offset] == UInt8(ascii: "+") || input[offset] == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw JSONSyntaxError(reason: "invalid number", offset: start) }
        }
    }

    @inlinable
    mutating func skipDigits() -> Int {
        let start = offset
        while offset < input.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[offset]) { offset += 1 }
        return offset - start
    }

    // MARK: Skipping

    /// Reads and discards one complete, valid JSON value, found `depth` levels deep; returns the
    /// range of its bytes.
    @inlinable
    @discardableResult
    public mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) -> Range<Int> {
        guard peek() != nil else { throw error("expected a JSON value, found the end of the input") }
        let start = offset
        try skipValueContent(depth: depth)
        return start..<offset
    }

    @inlinable
    mutating func skipValueContent(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "{"):
            offset += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                try skipString()
                try expect(UInt8(ascii: ":"), "':' after an object key")
                try skipValueContent(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        case UInt8(ascii: "["):
            offset += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat {
                try skipValueContent(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try readBool()
        case UInt8(ascii: "n"):
            guard try readNullIfPresent() else { throw error("invalid literal") }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw error("expected a JSON value, found \(describeNext())")
        }
    }
}
