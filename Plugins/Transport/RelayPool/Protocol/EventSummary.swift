import StrictJSON

/// What the pool needs to know about an event it sends (a publish, or a signed AUTH event): its id
/// and its text. The event is otherwise sent exactly as given; whoever signed it vouches for it.
struct EventSummary {
    let id: String
    let json: String

    /// Checks that `bytes` are one JSON object whose `"id"` is 64 lowercase hex digits.
    init(json bytes: [UInt8]) throws(TransportInputError) {
        let foundID: String?
        do {
            foundID = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try Self.readID(buffer) }
        } catch {
            throw TransportInputError(reason: "the event is not a valid JSON object: \(error)")
        }
        guard let foundID else { throw TransportInputError(reason: "the event has no \"id\" string") }
        guard Self.isEventID(foundID) else {
            throw TransportInputError(reason: "the event's id is not 64 lowercase hex digits: '\(foundID.prefix(80))'")
        }
        id = foundID
        json = String(decoding: bytes, as: UTF8.self)
    }

    /// The `"id"` string of the object `json` (checked as a whole), nil if it has none.
    private static func readID(_ json: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String? {
        var reader = JSONReader(json)
        var foundID: String?
        try reader.expect(UInt8(ascii: "{"), "'{'")
        var isFirst = true
        while let name = try reader.nextMember(isFirst: isFirst) {
            isFirst = false
            if name == "id", reader.peek() == UInt8(ascii: "\"") {
                foundID = try reader.readString()
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd(after: "the end of the JSON value")
        return foundID
    }

    /// True for 64 lowercase hex digits, the form of a NIP-01 event id.
    static func isEventID(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
