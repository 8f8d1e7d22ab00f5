import Foundation
import Testing
@testable import NostrCore

@Suite("Event JSON parser")
struct EventParserTests {
    static let pubkey = "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
    static let id = "fa912696f15ff8ab50d60944811ffa3a71713264164c53f3a395fcd79e92a4ef"
    static let sig = String(repeating: "ab", count: 64)

    static func object(_ fields: [String]) -> String { "{" + fields.joined(separator: ",") + "}" }

    static func fields(id: String = "\"\(id)\"", pubkey: String = "\"\(pubkey)\"", createdAt: String = "1700000000",
                       kind: String = "1", tags: String = "[]", content: String = "\"hi\"", sig: String? = "\"\(sig)\"") -> [String] {
        var result = ["\"id\":\(id)", "\"pubkey\":\(pubkey)", "\"created_at\":\(createdAt)", "\"kind\":\(kind)",
                      "\"tags\":\(tags)", "\"content\":\(content)"]
        if let sig { result.append("\"sig\":\(sig)") }
        return result
    }

    func parseError(_ json: String) throws -> EventParseError {
        try #require(throws: EventParseError.self) { try Event(json: json) }
    }

    @Test("a well-formed event with whitespace, unknown keys and escapes parses")
    func wellFormed() throws {
        var parts = Self.fields(tags: #"[["p","x"],[],["t","\u0041"]]"#,
                                content: #""a\/b \u00e9 \ud83e\udd84 \n \u0000 end""#)
        parts.insert(#""extra":{"nested":[1,2.5e3,-0.1,true,false,null,"s"]}"#, at: 3)
        let json = " \n\t" + Self.object(parts) + " \r\n"
        let event = try Event(json: json)
        #expect(event.content == "a/b é 🦄 \n \u{0} end")
        #expect(event.tags == [["p", "x"], [], ["t", "A"]])
        #expect(event.createdAt == 1_700_000_000)
        #expect(event.kind == 1)
        #expect(event.sig?.hex == Self.sig)
    }

    @Test("field order does not matter")
    func anyOrder() throws {
        let event = try Event(json: Self.object(Self.fields().reversed()))
        #expect(event.id.hex == Self.id)
    }

    @Test("missing and duplicate fields are refused with the field name")
    func missingAndDuplicate() throws {
        for name in ["id", "pubkey", "created_at", "kind", "tags", "content", "sig"] {
            let json = Self.object(Self.fields().filter { !$0.hasPrefix("\"\(name)\":") })
            let error = try parseError(json)
            #expect(error.field == name)
            #expect(error.description.contains("field '\(name)': missing required field"))
        }
        let duplicate = try parseError(Self.object(Self.fields() + ["\"kind\":2"]))
        #expect(duplicate.field == "kind")
        #expect(duplicate.reason == "duplicate field")
    }

    @Test("rumor mode: sig optional, missing id computed, present id kept as received")
    func rumorMode() throws {
        let withoutID = Self.object(Self.fields(sig: nil).filter { !$0.hasPrefix("\"id\"") })
        let rumor = try Event(rumorJSON: withoutID)
        #expect(rumor.sig == nil)
        #expect(rumor.id == rumor.computedID())
        let withWrongID = try Event(rumorJSON: Self.object(Self.fields(sig: nil)))
        #expect(withWrongID.id.hex == Self.id)
        #expect(withWrongID.id != withWrongID.computedID())
        #expect(try parseError(Self.object(Self.fields(sig: nil))).field == "sig")  // signed mode needs sig
    }

    @Test("hex fields: lowercase, exact length, strings only")
    func hexFields() throws {
        #expect(try parseError(Self.object(Self.fields(id: "\"\(Self.id.uppercased())\""))).field == "id")
        #expect(try parseError(Self.object(Self.fields(id: "\"\(Self.id.dropLast())\""))).field == "id")
        #expect(try parseError(Self.object(Self.fields(id: "\"\(Self.id)00\""))).field == "id")
        #expect(try parseError(Self.object(Self.fields(id: "42"))).reason == "expected a string, found a number")
        #expect(try parseError(Self.object(Self.fields(pubkey: "\"\(String(repeating: "0", count: 63))5\""))).field == "pubkey")
        #expect(try parseError(Self.object(Self.fields(sig: "\"abcd\""))).description.contains("128 lowercase hex"))
        // Escaped hex digits are still hex digits.
        let escaped = "\"\\u0066" + Self.id.dropFirst() + "\""
        #expect(try Event(json: Self.object(Self.fields(id: escaped))).id.hex == Self.id)
    }

    @Test("numbers: integers only, no sign, no leading zeros, kind ≤ 65535")
    func numbers() throws {
        #expect(try parseError(Self.object(Self.fields(createdAt: "\"1700000000\""))).field == "created_at")
        #expect(try parseError(Self.object(Self.fields(createdAt: "1700000000.5"))).reason.contains("fraction or exponent"))
        #expect(try parseError(Self.object(Self.fields(createdAt: "1.7e9"))).field == "created_at")
        #expect(try parseError(Self.object(Self.fields(createdAt: "-1"))).reason.contains("negative"))
        #expect(try parseError(Self.object(Self.fields(createdAt: "0123"))).reason.contains("leading zeros"))
        #expect(try parseError(Self.object(Self.fields(createdAt: "99999999999999999999"))).reason.contains("64 bits"))
        #expect(try parseError(Self.object(Self.fields(kind: "65536"))).reason.contains("between 0 and 65535"))
        #expect(try parseError(Self.object(Self.fields(kind: "null"))).reason.contains("found null"))
        #expect(try Event(json: Self.object(Self.fields(createdAt: "0", kind: "65535"))).kind == 65535)
    }

    /// The reader's own checks of strings (UTF-8, control characters, escapes, surrogates) are
    /// tested once, in StrictJSONTests; here, that its refusals name the event field.
    @Test("a string the JSON reader refuses is reported with the field it is in")
    func strings() throws {
        let json = Array(Self.object(Self.fields(content: "\"@\"")).utf8)
        let slot = json.firstIndex(of: UInt8(ascii: "@"))!
        let error = try #require(throws: EventParseError.self) { try Event(json: Array(json[..<slot]) + [0xC3, 0x28] + Array(json[(slot + 1)...])) }
        #expect(error.field == "content")
        #expect(error.reason == "string is not valid UTF-8")
        let surrogate = try parseError(Self.object(Self.fields(content: #""\ud83e""#)))
        #expect(surrogate.description.hasPrefix(#"field 'content': unpaired surrogate \uD83E in a string (at byte "#))
    }

    @Test("tags must be an array of arrays of strings")
    func tags() throws {
        let notArray = try parseError(Self.object(Self.fields(tags: "{}")))
        #expect(notArray.field == "tags")
        let nonString = try parseError(Self.object(Self.fields(tags: #"[["p",1]]"#)))
        #expect(nonString.reason == "tag 0 element 1: expected a string, found a number")
        #expect(try parseError(Self.object(Self.fields(tags: #"["p"]"#))).reason.contains("tag 0 to be an array"))
    }

    @Test("structure: trailing data, trailing commas, depth limit, empty input")
    func structure() throws {
        #expect(try parseError(Self.object(Self.fields()) + "x").reason == "unexpected data after the event object")
        #expect(try parseError(Self.object(Self.fields()) + "{}").field == nil)
        #expect(throws: EventParseError.self) { try Event(json: "{" + Self.fields().joined(separator: ",") + ",}") }
        #expect(throws: EventParseError.self) { try Event(json: "") }
        #expect(throws: EventParseError.self) { try Event(json: "[]") }
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let depthError = try parseError(Self.object(Self.fields() + ["\"x\":\(deep)"]))
        #expect(depthError.reason.contains("nested deeper"))
        #expect(depthError.field == "x")
    }

    @Test("errors read well")
    func messages() throws {
        let error = try parseError(Self.object(Self.fields(id: "\"nothex\"")))
        #expect(error.description.hasPrefix("field 'id': expected 64 lowercase hex characters (at byte "))
    }
}
