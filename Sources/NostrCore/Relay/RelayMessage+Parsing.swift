extension RelayMessage {
    /// Parses one relay frame (UTF-8 JSON) with the same strict reader as events. The event
    /// of an `EVENT` frame is parsed in place, without copying, but not verified. The `OK`
    /// and `CLOSED` message strings may be absent (read as ""); extra trailing elements are
    /// skipped for forward compatibility. Thread-safe.
    public init(json: some Collection<UInt8>) throws(RelayMessageParseError) {
        let result: Result<RelayMessage, RelayMessageParseError>
        if let contiguous = json.withContiguousStorageIfAvailable({ Self.parse($0) }) {
            result = contiguous
        } else {
            result = Array(json).withUnsafeBufferPointer { Self.parse($0) }
        }
        self = try result.get()
    }

    /// Parses one relay frame given as text.
    public init(json: String) throws(RelayMessageParseError) {
        try self.init(json: json.utf8)
    }

    private static func parse(_ input: UnsafeBufferPointer<UInt8>) -> Result<RelayMessage, RelayMessageParseError> {
        var reader = JSONReader(input)
        return Result { () throws(RelayMessageParseError) in try parse(&reader) }
    }

    private static func parse(_ reader: inout JSONReader) throws(RelayMessageParseError) -> RelayMessage {
        func step<T>(_ body: (inout JSONReader) throws(JSONSyntaxError) -> T) throws(RelayMessageParseError) -> T {
            do throws(JSONSyntaxError) { return try body(&reader) } catch { throw .malformed(reason: error.reason, offset: error.offset) }
        }
        func string(_ what: String) throws(RelayMessageParseError) -> String {
            try step { reader throws(JSONSyntaxError) in
                try reader.expect(UInt8(ascii: ","), what)
                return try reader.readString()
            }
        }
        /// A trailing string element that may be missing.
        func optionalString(_ what: String) throws(RelayMessageParseError) -> String {
            try step { reader throws(JSONSyntaxError) in
                guard reader.peek() == UInt8(ascii: ",") else { return "" }
                try reader.expect(UInt8(ascii: ","), what)
                return try reader.readString()
            }
        }

        let type = try step { reader throws(JSONSyntaxError) in
            try reader.expect(UInt8(ascii: "["), "a JSON array")
            return try reader.readString()
        }
        let message: RelayMessage
        switch type {
        case "EVENT":
            let subscriptionID = try string("',' and a subscription id after \"EVENT\"")
            try step { reader throws(JSONSyntaxError) in try reader.expect(UInt8(ascii: ","), "',' and an event after the subscription id") }
            let event: Event
            do throws(EventParseError) {
                event = try EventJSONParser.parseObject(&reader, mode: .signed)
            } catch {
                throw .invalidEvent(subscriptionID: subscriptionID, error)
            }
            message = .event(subscriptionID: subscriptionID, event: event)
        case "OK":
            let idOffset = reader.position
            var bytes = Bytes32()
            let ok = try step { reader throws(JSONSyntaxError) in
                try reader.expect(UInt8(ascii: ","), "',' and an event id after \"OK\"")
                return try bytes.withUnsafeMutableBytes { output throws(JSONSyntaxError) in try reader.readLowercaseHex(into: output) }
            }
            guard ok else { throw .malformed(reason: "OK: the event id must be 64 lowercase hex characters", offset: idOffset) }
            let accepted = try step { reader throws(JSONSyntaxError) in
                try reader.expect(UInt8(ascii: ","), "',' and true or false after the event id")
                return try reader.readBool()
            }
            message = .ok(eventID: EventID(bytes: bytes), accepted: accepted, message: try optionalString("a message"))
        case "EOSE":
            message = .endOfStoredEvents(subscriptionID: try string("',' and a subscription id after \"EOSE\""))
        case "CLOSED":
            let subscriptionID = try string("',' and a subscription id after \"CLOSED\"")
            message = .closed(subscriptionID: subscriptionID, message: try optionalString("a message"))
        case "NOTICE":
            message = .notice(message: try string("',' and a message after \"NOTICE\""))
        case "AUTH":
            message = .auth(challenge: try string("',' and a challenge after \"AUTH\""))
        default:
            throw .unknownType(type)
        }
        try step { reader throws(JSONSyntaxError) in
            while reader.consume(UInt8(ascii: ",")) { try reader.skipValue(depth: 1) }
            try reader.expect(UInt8(ascii: "]"), "']' at the end of the relay message")
            try reader.expectEnd(after: "the relay message")
        }
        return message
    }
}
