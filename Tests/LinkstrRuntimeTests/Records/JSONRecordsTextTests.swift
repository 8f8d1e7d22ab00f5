import Foundation
import LinkstrRuntime
import Testing

/// `JSONRecords.text` writes the `--json` records itself (a feed of 100 000 posts is one record), and
/// must give the bytes `JSONSerialization` gave: the same keys order, escapes and numbers.
@Suite struct JSONRecordsTextTests {
    static func serialized(_ record: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test("records of every kind the runtime makes are the bytes JSONSerialization writes")
    func sameBytesAsJSONSerialization() throws {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        let records: [Any] = [
            [String: Any](),
            [Any](),
            ["ok": true, "count": 3, "negative": -7, "big": Int64.max, "unsigned": UInt64.max, "small": Int32.min, "off": false],
            ["url": "https://example.com/a/b?c=d&e=\"f\"", "note": "back\\slash \(controls) \u{7F} é 👍🏽 漢字"],
            // Keys that numeric, case-insensitive ordering puts elsewhere than byte order.
            ["a10": 1, "a9": 2, "B": 3, "a": 4, "_x": 5, "Z_": 6, "z": 7, "created_at": 8, "createdAt": 9, "": 10],
            ["reactions": ["👍": ["aa", "bb"], "❤️": ["cc"], "😂": [String](), "🔥": ["dd"]], "id": "x"],
            [["id": "1", "unread": true, "members": ["a", "b"]], ["id": "2", "unread": false, "members": [String]()], [[1, 2], [3]]],
            ["nested": ["deeper": ["deepest": [["k": "v"]]]]],
        ]
        for record in records {
            #expect(JSONRecords.text(record) == (try Self.serialized(record)))
        }
    }

    @Test("what JSONSerialization refuses or writes itself is still its own: objects, null, a bare value")
    func leftToJSONSerialization() throws {
        let withObjects: [String: Any] = ["number": NSNumber(value: 1), "flag": NSNumber(value: true), "none": NSNull(), "text": "x"]
        #expect(JSONRecords.text(withObjects) == (try Self.serialized(withObjects)))
        #expect(JSONRecords.text(["value": 1.5]) == (try Self.serialized(["value": 1.5])))
        #expect(JSONRecords.text("bare") == "null")
        #expect(JSONRecords.text(["value": Double.nan]) == "null")
    }
}
