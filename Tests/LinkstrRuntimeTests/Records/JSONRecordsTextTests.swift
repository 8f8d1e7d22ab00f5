import Foundation
import LinkstrRuntime
import Testing

/// `JSONRecords.text`, the one encoder configuration of every record linkstr prints: keys sorted,
/// slashes unescaped, nil left out unless a property says `null`, composed records as one object.
@Suite struct JSONRecordsTextTests {
    private struct Sample: Encodable, Sendable {
        let url: String
        let note: String?
        @NullWhenNil var until: String?
        let counts: [String: Int]
        let score: Double
    }

    private struct Extra: Encodable, Sendable {
        let shared: Bool
    }

    @Test("keys sorted, slashes as they are, controls escaped, an absent optional left out and a NullWhenNil one null")
    func oneConfiguration() {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        let sample = Sample(url: "https://example.com/a?b=\"c\"", note: nil, until: nil, counts: ["b": 2, "a": 1], score: 0.5)
        #expect(JSONRecords.text(sample) == #"{"counts":{"a":1,"b":2},"score":0.5,"until":null,"url":"https://example.com/a?b=\"c\""}"#)
        let noted = Sample(url: "x", note: "back\\slash \(controls) é 👍🏽", until: "2026-05-01T09:30:00Z", counts: [:], score: 1)
        let parsed = (try? JSONSerialization.jsonObject(with: Data(JSONRecords.text(noted).utf8))) as? [String: Any]
        #expect(parsed?["note"] as? String == noted.note)
        #expect(parsed?["until"] as? String == "2026-05-01T09:30:00Z")
        #expect(JSONRecords.text(noted).contains(#""score":1,"#))
    }

    @Test("Merged writes both records' keys as one object, Typed adds its type, and ok is {\"ok\":true}")
    func composedRecords() {
        let merged = JSONRecords.Merged(Sample(url: "u", note: "n", until: nil, counts: [:], score: 0), Extra(shared: true))
        #expect(JSONRecords.text(merged) == #"{"counts":{},"note":"n","score":0,"shared":true,"until":null,"url":"u"}"#)
        #expect(JSONRecords.text(JSONRecords.Typed("link", Extra(shared: false))) == #"{"shared":false,"type":"link"}"#)
        #expect(JSONRecords.text(JSONRecords.Typed("caught_up")) == #"{"type":"caught_up"}"#)
        #expect(JSONRecords.text(JSONRecords.ok) == #"{"ok":true}"#)
        #expect(JSONRecords.text([JSONRecords.ok]) == #"[{"ok":true}]"#)
    }
}
