import StrictJSON
import Testing

@Suite("The JSON writer of events, client messages and the relay pool's answers")
struct JSONWriterTests {
    @Test("strings are quoted with the escapes NIP-01 names (short ones, \\u00xx for other controls) and nothing else escaped")
    func quoting() {
        #expect(JSONWriter.quoted("a\"b\\c\n\t\u{01}é😀/") == #""a\"b\\c\n\t\u0001é😀/""#)
        #expect(JSONWriter.quoted("\u{08}\u{0C}\r\u{1F}\u{7F}\u{2028}") == "\"\\b\\f\\r\\u001f\u{7F}\u{2028}\"")
        #expect(JSONWriter.quoted("") == "\"\"")
    }

    @Test("integers, hex strings, tags and string arrays are written compactly")
    func values() {
        var writer = JSONWriter()
        writer.append(UInt8(ascii: "["))
        writer.appendInteger(Int64.min)
        writer.append(",")
        writer.appendInteger(0)
        writer.append(",")
        let raw: [UInt8] = [0x00, 0xAB, 0xFF]
        raw.withUnsafeBytes { writer.appendHexString($0) }
        writer.append(",")
        writer.appendTags([["p", "x"], []])
        writer.append(",")
        writer.appendStringArray(["a\"", "b"])
        writer.append(UInt8(ascii: "]"))
        #expect(writer.string == #"[-9223372036854775808,0,"00abff",[["p","x"],[]],["a\"","b"]]"#)
    }
}
