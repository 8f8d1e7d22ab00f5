import NostrCore

// Byte encodings for the host's storage: compact JSON, stable key order, one version number. Aliases
// are sensitive (the iPhone app encrypts them at rest); the host's storage layer encrypts what it stores.
//
// - `FollowList`: the applied event's JSON (signature included), empty when there is none.
// - `Profile`: `[created_at,"<event id>","<name>"|null]`; its key is the record's key.
// - `ContactBook`: `{"version":1,"follow_list":"<event JSON>"|null,"aliases":[["<hex>","<alias>"],…],
//   "profiles":[["<hex>",created_at,"<event id>","<name>"|null],…]}`, keys sorted.

extension FollowList {
    public func encoded() -> [UInt8] { event?.jsonBytes() ?? [] }

    /// Reads `encoded()`: the event is parsed strictly and must be a kind 3.
    public init(encoded bytes: [UInt8]) throws(StoredStateError) {
        guard !bytes.isEmpty else {
            self.init()
            return
        }
        let event: Event
        do {
            event = try Event(json: bytes)
        } catch {
            throw StoredStateError("the stored follow list is unreadable: \(error)")
        }
        guard event.kind == Self.kind else { throw StoredStateError("the stored follow list is a kind \(event.kind) event") }
        self.init(event: event)
    }
}

extension Profile {
    public func encoded() -> [UInt8] {
        Array("[\(stamp.time),\(LinkstrPayload.quote(stamp.eventID.hex)),\(name.map(LinkstrPayload.quote) ?? "null")]".utf8)
    }

    /// Reads `encoded()` stored for `pubkey`.
    public init(pubkey: PublicKey, encoded bytes: [UInt8]) throws(StoredStateError) {
        guard case .array(let fields)? = try? JSONValue.parse(bytes), fields.count == 3 else {
            throw StoredStateError("a stored profile is unreadable")
        }
        try self.init(pubkey: pubkey, fields: fields[...])
    }

    /// `created_at, id, name` from a stored array.
    init(pubkey: PublicKey, fields: ArraySlice<JSONValue>) throws(StoredStateError) {
        let values = Array(fields)
        guard values.count == 3, case .number(let timeText) = values[0], let time = Int64(timeText),
              case .string(let idHex) = values[1], let id = try? EventID(hex: idHex)
        else { throw StoredStateError("a stored profile of \(pubkey.hex) is unreadable") }
        let name: String?
        switch values[2] {
        case .string(let text): name = text
        case .null: name = nil
        default: throw StoredStateError("a stored profile of \(pubkey.hex) has a name that is not a string")
        }
        self.init(pubkey: pubkey, name: name, stamp: EventStamp(time: time, eventID: id))
    }
}

extension ContactBook {
    /// The whole book as one document (see the format above).
    public func encoded() -> [UInt8] {
        let quote = LinkstrPayload.quote
        let list = followList.event.map { quote($0.jsonString()) } ?? "null"
        let aliasEntries = aliases.sorted { $0.key.hex < $1.key.hex }.map { "[\(quote($0.key.hex)),\(quote($0.value))]" }
        let profileEntries = profiles.values.sorted { $0.pubkey.hex < $1.pubkey.hex }.map { profile in
            "[\(quote(profile.pubkey.hex)),\(profile.stamp.time),\(quote(profile.stamp.eventID.hex)),\(profile.name.map(quote) ?? "null")]"
        }
        let text = "{\"version\":1,\"follow_list\":\(list),\"aliases\":[\(aliasEntries.joined(separator: ","))],"
            + "\"profiles\":[\(profileEntries.joined(separator: ","))]}"
        return Array(text.utf8)
    }

    /// Reads `encoded()` back for the account `me`.
    public init(me: PublicKey, encoded bytes: [UInt8]) throws(StoredStateError) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw StoredStateError("the stored contacts are not valid JSON: \(error.reason)")
        }
        guard case .number("1")? = json["version"] else { throw StoredStateError("the stored contacts have an unknown version") }

        var followList = FollowList()
        switch json["follow_list"] {
        case .null?: break
        case .string(let text)?: followList = try FollowList(encoded: Array(text.utf8))
        default: throw StoredStateError("the stored contacts have no follow_list")
        }
        guard case .array(let aliasEntries)? = json["aliases"], case .array(let profileEntries)? = json["profiles"] else {
            throw StoredStateError("the stored contacts have no aliases or profiles")
        }
        var aliases: [PublicKey: String] = [:]
        for entry in aliasEntries {
            guard case .array(let pair) = entry, pair.count == 2, case .string(let hex) = pair[0],
                  case .string(let alias) = pair[1], let key = try? PublicKey(hex: hex)
            else { throw StoredStateError("a stored alias is unreadable") }
            aliases[key] = alias
        }
        var profiles: [PublicKey: Profile] = [:]
        for entry in profileEntries {
            guard case .array(let fields) = entry, fields.count == 4, case .string(let hex) = fields[0],
                  let key = try? PublicKey(hex: hex)
            else { throw StoredStateError("a stored profile is unreadable") }
            profiles[key] = try Profile(pubkey: key, fields: fields[1...])
        }
        self.init(me: me, followList: followList, aliases: aliases, profiles: profiles)
    }
}

/// Why persisted engine state (`ContactBook.init(me:encoded:)` and its parts) cannot be read back.
public struct StoredStateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
