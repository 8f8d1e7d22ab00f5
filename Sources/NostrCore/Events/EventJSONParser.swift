import StrictJSON

/// Reads one NIP-01 event object from JSON, strictly:
/// - the 7 fields `id, pubkey, created_at, kind, tags, content, sig` (any order, each at most
///   once; other keys are skipped after validating their JSON);
/// - `id`, `pubkey` and `sig` must be lowercase hex of the exact length, and `pubkey` a point on
///   secp256k1;
/// - `created_at` must be an integer ≥ 0 (a string or a fraction is refused), `kind` an integer
///   in 0…65535, `tags` an array of arrays of strings, `content` a string.
///
/// In ``Mode/signed`` all 7 fields are required. In ``Mode/rumor`` (the inner event of a
/// gift wrap) `sig` may be absent, and `id` may be absent, in which case it is computed.
enum EventJSONParser {
    enum Mode {
        case signed
        case rumor
    }

    /// Returns an already validated key with these bytes, or nil (then the parser validates them).
    typealias KnownPubkeys = (Bytes32) -> PublicKey?

    /// Parses `input`, which must hold one event object and nothing else but whitespace. A
    /// `pubkey` that `knownPubkeys` recognizes (one already validated, such as the seal's key
    /// when parsing its rumor) is taken from it instead of being checked against the curve again.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, mode: Mode, knownPubkeys: KnownPubkeys? = nil) -> Result<Event, EventParseError> {
        var reader = JSONReader(input)
        do throws(EventParseError) {
            let event = try parseObject(&reader, mode: mode, knownPubkeys: knownPubkeys)
            do throws(JSONSyntaxError) {
                try reader.expectEnd(after: "the event object")
            } catch {
                throw EventParseError(field: nil, error)
            }
            return .success(event)
        } catch {
            return .failure(error)
        }
    }

    /// Parses `input` given as any byte collection or String's UTF-8 view.
    static func parse(_ input: some Collection<UInt8>, mode: Mode, knownPubkeys: KnownPubkeys? = nil) -> Result<Event, EventParseError> {
        if let result = input.withContiguousStorageIfAvailable({ parse($0, mode: mode, knownPubkeys: knownPubkeys) }) { return result }
        return Array(input).withUnsafeBufferPointer { parse($0, mode: mode, knownPubkeys: knownPubkeys) }
    }

    private struct Seen: OptionSet {
        let rawValue: UInt8
        static let id = Seen(rawValue: 1 << 0)
        static let pubkey = Seen(rawValue: 1 << 1)
        static let createdAt = Seen(rawValue: 1 << 2)
        static let kind = Seen(rawValue: 1 << 3)
        static let tags = Seen(rawValue: 1 << 4)
        static let content = Seen(rawValue: 1 << 5)
        static let sig = Seen(rawValue: 1 << 6)
    }

    /// Parses one event object at the reader's position.
    static func parseObject(_ reader: inout JSONReader, mode: Mode, knownPubkeys: KnownPubkeys? = nil) throws(EventParseError) -> Event {
        var id: EventID?
        var pubkey: PublicKey?
        var createdAt: Int64?
        var kind: Int?
        var tags: [[String]]?
        var content: String?
        var sig: Signature?
        var seen: Seen = []
        var currentField: String?  // names the field in errors while its value is read

        do throws(JSONSyntaxError) {
            try reader.expect(UInt8(ascii: "{"), "an event object")
            if !reader.consume(UInt8(ascii: "}")) {
                repeat {
                    _ = reader.peek()
                    let keyOffset = reader.position
                    let key = try reader.readString()
                    try reader.expect(UInt8(ascii: ":"), "':' after an object key")
                    currentField = key
                    if let flag = flag(for: key) {
                        guard !seen.contains(flag) else { throw JSONSyntaxError(reason: "duplicate field", offset: keyOffset) }
                        seen.insert(flag)
                    }
                    _ = reader.peek()
                    let valueOffset = reader.position
                    switch key {
                    case "id":
                        var bytes = Bytes32()
                        guard try bytes.withUnsafeMutableBytes({ output throws(JSONSyntaxError) in try reader.readLowercaseHex(into: output) }) else {
                            throw JSONSyntaxError(reason: "expected 64 lowercase hex characters", offset: valueOffset)
                        }
                        id = EventID(bytes: bytes)
                    case "pubkey":
                        var bytes = Bytes32()
                        guard try bytes.withUnsafeMutableBytes({ output throws(JSONSyntaxError) in try reader.readLowercaseHex(into: output) }) else {
                            throw JSONSyntaxError(reason: "expected 64 lowercase hex characters", offset: valueOffset)
                        }
                        if let known = knownPubkeys?(bytes) {
                            precondition(known.bytes == bytes, "a known key must have the bytes it was looked up by")
                            pubkey = known  // already on the curve: no second square root
                        } else {
                            guard let key = try? PublicKey(validating: bytes) else {
                                throw JSONSyntaxError(reason: "not a valid secp256k1 x-only public key (x is not on the curve)",
                                                      offset: valueOffset)
                            }
                            pubkey = key
                        }
                    case "sig":
                        var bytes = Bytes64()
                        guard try bytes.withUnsafeMutableBytes({ output throws(JSONSyntaxError) in try reader.readLowercaseHex(into: output) }) else {
                            throw JSONSyntaxError(reason: "expected 128 lowercase hex characters", offset: valueOffset)
                        }
                        sig = Signature(bytes: bytes)
                    case "created_at":
                        createdAt = try reader.readNonNegativeInteger()
                    case "kind":
                        let value = try reader.readNonNegativeInteger()
                        guard value <= 65535 else {
                            throw JSONSyntaxError(reason: "kind must be between 0 and 65535, got \(value)", offset: valueOffset)
                        }
                        kind = Int(value)
                    case "tags":
                        tags = try readTags(&reader)
                    case "content":
                        content = try reader.readString()
                    default:
                        try reader.skipValue(depth: 1)
                    }
                    currentField = nil
                } while reader.consume(UInt8(ascii: ","))
                try reader.expect(UInt8(ascii: "}"), "',' or '}' in the event object")
            }
        } catch {
            throw EventParseError(field: currentField, error)
        }

        func missing(_ name: String) -> EventParseError {
            EventParseError(field: name, reason: "missing required field", offset: reader.position)
        }
        guard let pubkey else { throw missing("pubkey") }
        guard let createdAt else { throw missing("created_at") }
        guard let kind else { throw missing("kind") }
        guard let tags else { throw missing("tags") }
        guard let content else { throw missing("content") }
        if mode == .signed {
            guard id != nil else { throw missing("id") }
            guard sig != nil else { throw missing("sig") }
        }
        let resolvedID = id ?? UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content).id
        return Event(id: resolvedID, pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content, sig: sig)
    }

    private static func flag(for key: String) -> Seen? {
        switch key {
        case "id": return .id
        case "pubkey": return .pubkey
        case "created_at": return .createdAt
        case "kind": return .kind
        case "tags": return .tags
        case "content": return .content
        case "sig": return .sig
        default: return nil
        }
    }

    private static func readTags(_ reader: inout JSONReader) throws(JSONSyntaxError) -> [[String]] {
        try reader.expect(UInt8(ascii: "["), "an array of tags")
        var tags: [[String]] = []
        if reader.consume(UInt8(ascii: "]")) { return tags }
        repeat {
            try reader.expect(UInt8(ascii: "["), "tag \(tags.count) to be an array of strings")
            var tag: [String] = []
            if !reader.consume(UInt8(ascii: "]")) {
                repeat {
                    guard reader.peek() == UInt8(ascii: "\"") else {
                        throw reader.error("tag \(tags.count) element \(tag.count): expected a string, found \(reader.describeNext())")
                    }
                    tag.append(try reader.readString())
                } while reader.consume(UInt8(ascii: ","))
                try reader.expect(UInt8(ascii: "]"), "',' or ']' in tag \(tags.count)")
            }
            tags.append(tag)
        } while reader.consume(UInt8(ascii: ","))
        try reader.expect(UInt8(ascii: "]"), "',' or ']' in the tags array")
        return tags
    }
}
