import StrictJSON

/// A parsed JSON document for payloads whose shape is checked by the caller (linkstr's rumor
/// content): numbers keep their text so that `1`, `1.0` and `1.5` stay distinguishable, and object
/// members keep their order (a repeated key is an error).
///
/// A value type; safe to share between threads.
public enum JSONValue: Equatable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written, e.g. `"1700000000"`, `"1.5"`, `"-2e3"`.
    case number(String)
    case bool(Bool)
    case null

    /// Parses one complete JSON document (strict RFC 8259, UTF-8 validated, depth-limited).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let buffer = Array(bytes)
        do {
            return try buffer.withUnsafeBufferPointer { input throws(JSONSyntaxError) in
                var reader = JSONReader(input)
                let value = try reader.readValue(depth: 0)
                try reader.expectEnd(after: "the JSON value")
                return value
            }
        } catch {
            throw JSONParseError(reason: error.reason, offset: error.offset)
        }
    }

    /// Parses UTF-8 text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The member named `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }
}

/// Why a JSON document could not be parsed, with the byte offset.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

extension JSONReader {
    mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "{"):
            _ = consume(byte)
            var members: [(key: String, value: JSONValue)] = []
            if consume(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                let keyOffset = position
                let key = try readString()
                if members.contains(where: { $0.key == key }) {
                    throw JSONSyntaxError(reason: "object key '\(key)' appears twice", offset: keyOffset)
                }
                try expect(UInt8(ascii: ":"), "':' after an object key")
                members.append((key, try readValue(depth: depth + 1)))
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            return .object(members)
        case UInt8(ascii: "["):
            _ = consume(byte)
            var elements: [JSONValue] = []
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                elements.append(try readValue(depth: depth + 1))
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try readBool())
        case UInt8(ascii: "n"):
            guard try readNullIfPresent() else { throw error("invalid literal") }
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumberText())
        default:
            throw error("expected a JSON value, found \(describeNext())")
        }
    }
}
