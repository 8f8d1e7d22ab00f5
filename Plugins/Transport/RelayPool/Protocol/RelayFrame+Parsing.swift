import StrictJSON

extension RelayFrame {
    /// Parses one text frame. Every part is validated, including the parts this pool ignores;
    /// elements after the ones a type defines are tolerated (skipped) for forward compatibility.
    package static func parse(_ bytes: [UInt8]) throws(TransportInputError) -> RelayFrame {
        try bytes.withUnsafeBufferPointer { buffer throws(TransportInputError) in try parse(bytes, reading: buffer) }
    }

    /// Reads the frame from `buffer`, the storage of `bytes`: the byte range of a skipped event
    /// slices `bytes`, so the event is handed on as the relay sent it.
    private static func parse(_ bytes: [UInt8], reading buffer: UnsafeBufferPointer<UInt8>) throws(TransportInputError) -> RelayFrame {
        var reader = JSONReader(buffer)
        do {
            try reader.expect(UInt8(ascii: "["), "'['")
            guard try reader.nextElement(isFirst: true) else { throw TransportInputError(reason: "an empty array is not a relay message") }
            let type = try reader.readString()
            var fields = FieldReader(reader: reader, type: type)
            let frame: RelayFrame
            switch type {
            case "EVENT":
                let subscriptionID = try fields.string("a subscription id")
                let range = try fields.object("an event object")
                frame = .event(subscriptionID: subscriptionID, event: bytes[range])
            case "OK":
                let eventID = try fields.string("an event id")
                let accepted = try fields.bool("true or false")
                frame = .ok(eventID: eventID, accepted: accepted, message: try fields.optionalString() ?? "")
            case "EOSE":
                frame = .endOfStoredEvents(subscriptionID: try fields.string("a subscription id"))
            case "CLOSED":
                let subscriptionID = try fields.string("a subscription id")
                frame = .closed(subscriptionID: subscriptionID, message: try fields.optionalString() ?? "")
            case "NOTICE":
                frame = .notice(message: try fields.string("a message"))
            case "AUTH":
                frame = .auth(challenge: try fields.string("a challenge string"))
            default:
                frame = .other(type: type)
            }
            try fields.finish()
            return frame
        } catch let error as JSONSyntaxError {
            throw TransportInputError(reason: "not valid JSON: \(error)")
        } catch let error as TransportInputError {
            throw error
        } catch {
            throw TransportInputError(reason: "\(error)")
        }
    }
}

/// Reads the elements after a frame's type, naming the frame type in its errors.
private struct FieldReader {
    var reader: JSONReader
    let type: String
    /// The 1-based index of the element read last (the type is element 1); -1 after the end.
    var position = 1

    mutating func string(_ what: String) throws -> String {
        try next(what)
        guard reader.peek() == UInt8(ascii: "\"") else { throw mismatch(what) }
        return try reader.readString()
    }

    mutating func bool(_ what: String) throws -> Bool {
        try next(what)
        guard let byte = reader.peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else { throw mismatch(what) }
        return try reader.readBool()
    }

    mutating func object(_ what: String) throws -> Range<Int> {
        try next(what)
        guard reader.peek() == UInt8(ascii: "{") else { throw mismatch(what) }
        return try reader.skipValue()
    }

    /// A string element if one follows, nil at the end of the array.
    mutating func optionalString() throws -> String? {
        guard try reader.nextElement(isFirst: false) else {
            position = -1
            return nil
        }
        position += 1
        guard reader.peek() == UInt8(ascii: "\"") else { throw mismatch("a message string") }
        return try reader.readString()
    }

    /// Validates and skips what is left, then requires the end of the input.
    mutating func finish() throws {
        if position >= 0 {
            while try reader.nextElement(isFirst: false) { try reader.skipValue() }
        }
        try reader.expectEnd(after: "the end of the JSON value")
    }

    private mutating func next(_ what: String) throws {
        guard try reader.nextElement(isFirst: false) else {
            throw TransportInputError(reason: "\(type) frame ends before \(what) (element \(position + 1))")
        }
        position += 1
    }

    private func mismatch(_ what: String) -> TransportInputError {
        TransportInputError(reason: "\(type) frame: expected \(what) at element \(position)")
    }
}
