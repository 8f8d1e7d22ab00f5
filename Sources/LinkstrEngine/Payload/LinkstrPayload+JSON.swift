import Foundation
import NostrCore

extension LinkstrPayload {
    /// Decodes rumor content with the iPhone app's rules: `conversation_id`, `root_id`
    /// and a known `kind` are required; optional keys may be absent or null; wrong types reject the
    /// whole payload (`timestamp` must be integral — `1.0` passes, `1.5` does not; `reaction_active`
    /// must be a real boolean); unknown keys are ignored. Then checks the fields each kind needs;
    /// no field has a size limit of its own, as in the app: the content is at most
    /// `PayloadLimits.receivedContentBytes`.
    public static func decode(_ content: String) throws(PayloadError) -> LinkstrPayload {
        guard content.utf8.count <= PayloadLimits.receivedContentBytes else {
            throw PayloadError("the payload is \(content.utf8.count) bytes; the limit is \(PayloadLimits.receivedContentBytes)")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(content)
        } catch {
            throw PayloadError("the payload is not valid JSON: \(error.reason)")
        }
        guard case .object = json else { throw PayloadError("the payload is not a JSON object") }

        guard case .string(let conversation)? = json["conversation_id"] else {
            throw PayloadError("the payload has no string conversation_id")
        }
        guard let sessionID = SessionID(conversation) else { throw PayloadError("conversation_id is empty") }
        guard case .string(let rootID)? = json["root_id"] else { throw PayloadError("the payload has no string root_id") }
        guard case .string(let kindName)? = json["kind"] else { throw PayloadError("the payload has no string kind") }
        guard let kind = PayloadKind(rawValue: kindName) else { throw PayloadError("unknown payload kind '\(kindName)'") }

        var payload = LinkstrPayload(kind: kind, sessionID: sessionID, rootID: rootID.trimmingWhitespace)
        payload.url = try optionalString(json, "url").map { url throws(PayloadError) in try WebURL.normalize(url, maximumBytes: .max) }
        payload.note = try optionalString(json, "note")
        payload.sessionName = try optionalString(json, "session_name")?.trimmingWhitespace
        payload.emoji = try optionalString(json, "emoji")?.trimmingWhitespace
        switch json["timestamp"] {
        case nil, .null?: break
        case .number(let text)?: payload.timestamp = try integral(text)
        default: throw PayloadError("timestamp must be an integer")
        }
        switch json["reaction_active"] {
        case nil, .null?: break
        case .bool(let value)?: payload.reactionActive = value
        default: throw PayloadError("reaction_active must be true or false")
        }
        switch json["member_pubkeys"] {
        case nil, .null?: break
        case .array(let entries)?:
            var strings: [String] = []
            for entry in entries {
                guard case .string(let text) = entry else { throw PayloadError("member_pubkeys must contain only strings") }
                strings.append(text)
            }
            payload.members = try MemberKeys.validated(strings, maximum: .max)
        default: throw PayloadError("member_pubkeys must be an array of strings")
        }
        try payload.validateFields()
        return payload
    }

    private static func optionalString(_ json: JSONValue, _ key: String) throws(PayloadError) -> String? {
        switch json[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw PayloadError("\(key) must be a string")
        }
    }

    /// An integral JSON number: `1700000000` or `1700000000.0`, not `1.5`.
    private static func integral(_ text: String) throws(PayloadError) -> Int64 {
        if let value = Int64(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 9.2e18 else {
            throw PayloadError("timestamp must be an integer, not \(text)")
        }
        return Int64(value)
    }

    /// The content the iPhone app would send: absent optionals omitted, `/` escaped as `\/`, no
    /// whitespace. Keys in a fixed order (iOS's order varies; receivers treat them as unordered).
    public func encoded() -> String {
        var members: [(String, String)] = [
            ("conversation_id", Self.quote(sessionID.rawValue)),
            ("root_id", Self.quote(rootID)),
            ("kind", Self.quote(kind.rawValue)),
        ]
        if let url { members.append(("url", Self.quote(url))) }
        if let note { members.append(("note", Self.quote(note))) }
        if let timestamp { members.append(("timestamp", String(timestamp))) }
        if let sessionName { members.append(("session_name", Self.quote(sessionName))) }
        if let keys = self.members {
            members.append(("member_pubkeys", "[" + keys.map { Self.quote($0.hex) }.joined(separator: ",") + "]"))
        }
        if let emoji { members.append(("emoji", Self.quote(emoji))) }
        if let reactionActive { members.append(("reaction_active", reactionActive ? "true" : "false")) }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal as Swift's JSONEncoder writes it on Apple platforms (`/` → `\/`).
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/": result += "\\/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
