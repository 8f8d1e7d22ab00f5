import StrictJSON
import Testing

@Suite("The strict JSON reader of events and relay frames")
struct JSONReaderTests {
    /// Runs `body` on a reader over `text`.
    private func read<T>(_ text: String, _ body: (inout JSONReader) throws(JSONSyntaxError) -> T) throws(JSONSyntaxError) -> T {
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var reader = JSONReader(buffer)
            return try body(&reader)
        }
    }

    /// The error reading `text` with `body` throws.
    private func failure(_ text: String, _ body: (inout JSONReader) throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            try read(text, body)
            return nil
        } catch {
            return error
        }
    }

    private func skipAll(_ reader: inout JSONReader) throws(JSONSyntaxError) {
        try reader.skipValue()
        try reader.expectEnd(after: "the value")
    }

    @Test("strings: escapes and surrogate pairs decode, UTF-8 passes through")
    func strings() throws {
        #expect(try read(#" "a\"\\\/\b\f\n\r\t\u0041\u00e9\ud83e\udd84 é 😀" "#) { reader throws(JSONSyntaxError) in try reader.readString() }
            == "a\"\\/\u{08}\u{0C}\n\r\tAé🦄 é 😀")
        #expect(try read(#""""#) { reader throws(JSONSyntaxError) in try reader.readString() } == "")
        #expect(try read(#""\u0000""#) { reader throws(JSONSyntaxError) in try reader.readString() } == "\u{0}")
    }

    @Test(
        "strings: lone or reversed surrogates, raw control characters, bad escapes and bad UTF-8 are refused where they are",
        arguments: [
            (#""\ud800""#, "unpaired surrogate \\uD800 in a string", 1),
            (#""x\udd84y""#, "unpaired surrogate \\uDD84 in a string", 2),
            (#""\ud83e\u0041""#, "unpaired surrogate \\uD83E in a string", 1),
            (#""\ud83ex""#, "unpaired surrogate \\uD83E in a string", 1),
            ("\"tab\tinside\"", "control character U+0009 must be escaped in a string", 4),
            ("\"a\\n\u{1F}\"", "control character U+001F must be escaped in a string", 4),
            (#""\x41""#, "invalid escape sequence in a string", 1),
            (#""\u00g1""#, "invalid \\u escape: expected 4 hex digits", 1),
            (#""\u00"#, "truncated \\u escape", 1),
            (#""abc"#, "unterminated string", 0),
            (#""a\"#, "unterminated string", 0),
        ])
    func badStrings(text: String, reason: String, offset: Int) {
        #expect(failure(text) { reader throws(JSONSyntaxError) in _ = try reader.readString() } == JSONSyntaxError(reason: reason, offset: offset))
    }

    @Test("skipping a string checks it as reading it does, plain ASCII or not", arguments: [
        #""abc" 1"#, #""caf\u00e9" 1"#, "\"café\" 1", #""\ud83e\udd84" 1"#, #""\ud800" 1"#, "\"tab\tin\" 1", #""abc"#, "\"\u{FF}\" 1",
    ])
    func skipString(text: String) {
        func outcome(_ body: (inout JSONReader) throws(JSONSyntaxError) -> Void) -> Result<Int, JSONSyntaxError> {
            do throws(JSONSyntaxError) {
                return .success(try read(text) { reader throws(JSONSyntaxError) in
                    try body(&reader)
                    return reader.position
                })
            } catch {
                return .failure(error)
            }
        }
        #expect(outcome { reader throws(JSONSyntaxError) in try reader.skipString() } == outcome { reader throws(JSONSyntaxError) in _ = try reader.readString() })
    }

    /// A lone continuation byte, a broken pair, an overlong '/', an encoded surrogate, a code point
    /// above U+10FFFF, a truncated sequence; then one after an escape.
    @Test("strings: bytes that are not UTF-8 are refused, escaped or not")
    func invalidUTF8() {
        let inside: [[UInt8]] = [[0x80], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x5C, 0x6E, 0xFF]]
        for bytes in inside.map({ [0x22] + $0 + [0x22] }) {
            let error = bytes.withUnsafeBufferPointer { buffer -> JSONSyntaxError? in
                var reader = JSONReader(buffer)
                do throws(JSONSyntaxError) { _ = try reader.readString() } catch { return error }
                return nil
            }
            #expect(error == JSONSyntaxError(reason: "string is not valid UTF-8", offset: 0))
        }
    }

    @Test("a fixed-size string is taken as written only when the caller accepts its bytes")
    func fixedSizeStrings() throws {
        try read(#" "abcd" "abce""#) { reader throws(JSONSyntaxError) in
            #expect(reader.consumeString(byteCount: 4) { Array($0) == Array("abcd".utf8) })
            #expect(!reader.consumeString(byteCount: 4) { Array($0) == Array("abcd".utf8) })
            #expect(!reader.consumeString(byteCount: 3) { _ in true })  // no quote after 3 bytes
            #expect(try reader.readString() == "abce")
        }
    }

    @Test("integers: 0…Int64.max, no sign, fraction, exponent or leading zero")
    func integers() throws {
        #expect(try read("0") { reader throws(JSONSyntaxError) in try reader.readNonNegativeInteger() } == 0)
        #expect(try read(" 1700000000 ") { reader throws(JSONSyntaxError) in try reader.readNonNegativeInteger() } == 1_700_000_000)
        #expect(try read("9223372036854775807") { reader throws(JSONSyntaxError) in try reader.readNonNegativeInteger() } == .max)
        let refused = [
            ("9223372036854775808", "integer does not fit in 64 bits"),
            ("-1", "expected a non-negative integer, found a negative number"),
            ("0123", "numbers must not have leading zeros"),
            ("1.0", "expected an integer, found a number with a fraction or exponent"),
            ("1E3", "expected an integer, found a number with a fraction or exponent"),
            (#""1""#, "expected a non-negative integer, found a string"),
        ]
        for (text, reason) in refused {
            #expect(failure(text) { reader throws(JSONSyntaxError) in _ = try reader.readNonNegativeInteger() }?.reason == reason, "\(text)")
        }
    }

    @Test("numbers: kept as written, and the JSON grammar enforced")
    func numbers() throws {
        for text in ["0", "-0", "-1.5e3", "2.5E+10", "1e-7", "123456789012345678901234567890"] {
            #expect(try read(text) { reader throws(JSONSyntaxError) in try reader.readNumberText() } == text)
        }
        for text in ["-", "1.", ".5", "1e", "1e+", "01", "-01", "+1", "0x10", "1.5.2"] {
            #expect(failure(text) { reader throws(JSONSyntaxError) in try skipAll(&reader) } != nil, "\(text)")
        }
        #expect(failure("01") { reader throws(JSONSyntaxError) in try skipAll(&reader) }?.reason == "numbers must not have leading zeros")
    }

    @Test("literals: true, false and null, nothing shorter or misspelled")
    func literals() throws {
        #expect(try read(" true") { reader throws(JSONSyntaxError) in try reader.readBool() })
        #expect(try !read("false") { reader throws(JSONSyntaxError) in try reader.readBool() })
        #expect(try read("null") { reader throws(JSONSyntaxError) in try reader.readNullIfPresent() })
        #expect(try !read("1") { reader throws(JSONSyntaxError) in try reader.readNullIfPresent() })
        #expect(failure("tru") { reader throws(JSONSyntaxError) in _ = try reader.readBool() }?.reason == "invalid literal, expected 'true'")
        #expect(failure("nul") { reader throws(JSONSyntaxError) in try skipAll(&reader) }?.reason == "invalid literal, expected 'null'")
        #expect(failure("1") { reader throws(JSONSyntaxError) in _ = try reader.readBool() }?.reason == "expected true or false, found a number")
    }

    @Test("a skipped value reports its bytes exactly, inner whitespace and escapes included")
    func skippedRanges() throws {
        let object = #"{ "id" : "ab", "content":"caf\u00e9 \"q\"\n", "tags":[[ "p","x" ]] , "n": -1.5e3 }"#
        let text = #"[ "EVENT" , "s", "# + object + " ]"
        let ranges = try read(text) { reader throws(JSONSyntaxError) in
            try reader.expect(UInt8(ascii: "["), "'['")
            var ranges: [Range<Int>] = []
            while try reader.nextElement(isFirst: ranges.isEmpty) { ranges.append(try reader.skipValue()) }
            try reader.expectEnd(after: "the array")
            return ranges
        }
        let bytes = Array(text.utf8)
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == [#""EVENT""#, #""s""#, object])
    }

    @Test("objects are walked member by member; a missing comma, colon or value is named")
    func objects() throws {
        let members = try read(#"{"a":1,"b":[true,null],"c":{}}"#) { reader throws(JSONSyntaxError) in
            try reader.expect(UInt8(ascii: "{"), "'{'")
            var names: [String] = []
            while let name = try reader.nextMember(isFirst: names.isEmpty) {
                names.append(name)
                try reader.skipValue()
            }
            return names
        }
        #expect(members == ["a", "b", "c"])
        let refused = [
            (#"{"a" 1}"#, "expected ':' after an object key, found a number"),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' in an object, found a string"),
            (#"{"a":1,}"#, "expected a string, found '}'"),
            (#"[1 2]"#, "expected ',' or ']' in an array, found a number"),
            (#"[1,]"#, "expected a JSON value, found ']'"),
            (#"{"a":}"#, "expected a JSON value, found '}'"),
            (#"[1] x"#, "unexpected data after the value"),
            ("", "expected a JSON value, found the end of the input"),
            ("@", "expected a JSON value, found the character '@'"),
        ]
        for (text, reason) in refused {
            #expect(failure(text) { reader throws(JSONSyntaxError) in try skipAll(&reader) }?.reason == reason, "\(text)")
        }
    }

    @Test("nesting: 128 levels are read, the 129th is refused (also 10,000 deep, without exhausting the stack)")
    func depthLimit() throws {
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        #expect(JSONReader.maximumDepth == 128)
        #expect(try read(nested(128)) { reader throws(JSONSyntaxError) in try reader.skipValue() } == 0..<256)
        #expect(failure(nested(129)) { reader throws(JSONSyntaxError) in try skipAll(&reader) }
            == JSONSyntaxError(reason: "JSON nested deeper than 128 levels", offset: 128))
        #expect(failure(nested(10_000)) { reader throws(JSONSyntaxError) in try skipAll(&reader) }?.reason == "JSON nested deeper than 128 levels")
        // A value found inside others counts their levels.
        #expect(failure(nested(127)) { reader throws(JSONSyntaxError) in try reader.skipValue(depth: 2) } != nil)
    }

    @Test("errors read as the reason and the byte offset")
    func errorText() {
        #expect(JSONSyntaxError(reason: "unterminated string", offset: 12).description == "unterminated string (at byte 12)")
    }
}
