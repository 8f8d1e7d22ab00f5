import Foundation
import NostrCore

/// A rust-nostr identity playing a linkstr member through linkstr_peer.py (Tests/RelayPoolTests/Support).
struct Peer: Sendable {
    let secret: String
    let pubkey: String

    static func generate() -> Peer {
        let keypair = Keypair.generate()
        return Peer(secret: keypair.secretKey.exportBytes().map { String(format: "%02x", $0) }.joined(), pubkey: keypair.publicKey.hex)
    }

    init(secret: String, pubkey: String) {
        self.secret = secret
        self.pubkey = pubkey
    }

    /// The account of `home` (its secret key is known to the test) speaking through the peer script.
    init(_ home: LinkstrHome) {
        let key = try! SecretKey(nsec: home.nsec)
        self.init(secret: key.exportBytes().map { String(format: "%02x", $0) }.joined(), pubkey: home.pubkey)
    }

    /// One message of a linkstr_peer.py spec: a rumor from this peer whose content is `payload`
    /// written the iPhone app's way, gift-wrapped once per recipient. `extra` sets the payload's other
    /// fields (`content`, `tags`, `id`, `rumor_kind`, `wrap_created_at`, `copies`).
    func message(_ payload: [String: Any]?, to recipients: [String], at time: Int64, _ extra: [String: Any] = [:]) -> [String: Any] {
        var message: [String: Any] = ["secret": secret, "to": recipients, "created_at": time]
        if let payload { message["payload"] = payload }
        message.merge(extra) { $1 }
        return message
    }
}

/// Payloads exactly as the iPhone app emits them (docs/wire-compatibility.md, 3. Payloads): the same keys, absent
/// optionals omitted, random tokens as 32 uppercase hex characters.
enum IPhone {
    static func token() -> String { UUID().uuidString.replacingOccurrences(of: "-", with: "") }

    static func sessionCreate(_ session: String, name: String, members: [String], at time: Int64) -> [String: Any] {
        ["conversation_id": session, "root_id": token(), "kind": "session_create", "session_name": name, "member_pubkeys": members, "timestamp": time]
    }

    static func sessionMembers(_ session: String, members: [String], at time: Int64) -> [String: Any] {
        ["conversation_id": session, "root_id": token(), "kind": "session_members", "member_pubkeys": members, "timestamp": time]
    }

    static func root(_ session: String, url: String, note: String? = nil, at time: Int64) -> [String: Any] {
        var payload: [String: Any] = ["conversation_id": session, "root_id": "", "kind": "root", "url": url, "timestamp": time]
        if let note { payload["note"] = note }
        return payload
    }

    static func reaction(_ session: String, post: String, emoji: String, active: Bool, at time: Int64) -> [String: Any] {
        ["conversation_id": session, "root_id": post, "kind": "reaction", "emoji": emoji, "reaction_active": active, "timestamp": time]
    }

    static func rootDelete(_ session: String, post: String, at time: Int64) -> [String: Any] {
        ["conversation_id": session, "root_id": post, "kind": "root_delete", "timestamp": time]
    }
}

/// A rumor linkstr_peer.py built, with its gift wraps (one JSON event a string).
struct BuiltMessage {
    let id: String
    let rumor: [String: Any]
    let wraps: [String]
}

/// A wrap linkstr_peer.py fetched and opened.
struct OpenedWrap {
    let wrap: String
    let sender: String
    let rumor: [String: Any]
    /// The rumor content exactly as sent.
    var content: String { rumor["content"] as! String }
    /// The content parsed.
    let payload: [String: Any]
    var kind: String? { payload["kind"] as? String }
}

/// Runs linkstr_peer.py.
enum PeerScript {
    /// Builds `messages` without publishing them.
    static func build(_ messages: [[String: Any]], scratch: TestScratch) async throws -> [BuiltMessage] {
        try parse(try await ExternalProcess(script: "linkstr_peer.py", ["build", "--spec", try spec(messages, scratch)]).finish(timeout: .seconds(60)))
    }

    /// Builds `messages` and publishes every wrap to `relay` through rust-nostr's client.
    @discardableResult
    static func send(_ messages: [[String: Any]], relay: String, scratch: TestScratch) async throws -> [BuiltMessage] {
        try parse(try await ExternalProcess(
            script: "linkstr_peer.py", ["send", "--relay", relay, "--spec", try spec(messages, scratch)]).finish(timeout: .seconds(60)))
    }

    /// Publishes `events` (JSON) to `relay` in this order.
    static func publish(_ events: [String], relay: String, scratch: TestScratch) async throws {
        let file = scratch.write("events-\(UUID().uuidString).jsonl", events.joined(separator: "\n") + "\n")
        let lines = try await ExternalProcess(script: "linkstr_peer.py", ["publish", "--relay", relay, "--events", file]).finish(timeout: .seconds(60))
        guard lines == ["\(events.count)"] else { throw TestFailure("publish printed \(lines)") }
    }

    /// Fetches and opens every wrap addressed to `peer` on `relay` (oldest rumor first); there must be `expect` (when given).
    static func unwrap(_ peer: Peer, relay: String, expect: Int? = nil) async throws -> [OpenedWrap] {
        let lines = try await ExternalProcess(
            script: "linkstr_peer.py", ["unwrap", "--relay", relay, "--secret", peer.secret] + (expect.map { ["--expect", "\($0)"] } ?? [])).finish()
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return OpenedWrap(
                wrap: object["wrap"] as! String, sender: object["sender"] as! String, rumor: object["rumor"] as! [String: Any],
                payload: object["payload"] as! [String: Any])
        }
    }

    private static func spec(_ messages: [[String: Any]], _ scratch: TestScratch) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["messages": messages], options: [.withoutEscapingSlashes])
        let file = scratch.file("spec-\(UUID().uuidString).json")
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    private static func parse(_ lines: [String]) throws -> [BuiltMessage] {
        try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let wraps = try (object["wraps"] as! [Any]).map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.withoutEscapingSlashes]), as: UTF8.self)
            }
            return BuiltMessage(id: object["id"] as! String, rumor: object["rumor"] as! [String: Any], wraps: wraps)
        }
    }
}
