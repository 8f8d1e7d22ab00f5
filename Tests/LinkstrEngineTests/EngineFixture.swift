import Foundation
import LinkstrEngine
import NostrCore

/// People, sessions and rumors for engine tests. Everything is deterministic except wrap ids.
struct EngineFixture {
    static let alice = Keypair(secretKey: try! SecretKey(hex: String(repeating: "11", count: 32))).publicKey
    static let bob = Keypair(secretKey: try! SecretKey(hex: String(repeating: "22", count: 32))).publicKey
    static let carol = Keypair(secretKey: try! SecretKey(hex: String(repeating: "33", count: 32))).publicKey
    static let mallory = Keypair(secretKey: try! SecretKey(hex: String(repeating: "44", count: 32))).publicKey
    static let session = SessionID("E621E1F8C36C495A93FC0C247A3E6E5F")!

    let store: MemoryEngineStore
    let engine: LinkstrEngine

    /// An engine for `me` (bob by default: alice creates the sessions), over `store` (a new one by
    /// default; pass an engine's store to model a restart: staging is lost, the store stays).
    init(me: PublicKey = EngineFixture.bob, store: MemoryEngineStore = MemoryEngineStore()) {
        self.store = store
        engine = LinkstrEngine(me: me, store: store)
    }

    static func wrapID() -> WrapID {
        WrapID(EventID(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) })!)
    }

    /// A rumor as the iPhone app builds it.
    static func rumor(_ sender: PublicKey, at time: Int64, _ content: String, tags: [[String]] = []) -> Event {
        UnsignedEvent(pubkey: sender, createdAt: time, kind: 44001, tags: tags, content: content).rumor()
    }

    static func create(by sender: PublicKey = alice, at time: Int64, members: [PublicKey], name: String = "Weekend") -> Event {
        let list = members.map { "\"\($0.hex)\"" }.joined(separator: ",")
        return rumor(sender, at: time, #"{"conversation_id":"\#(session)","root_id":"TOKEN\#(time)","kind":"session_create","session_name":"\#(name)","member_pubkeys":[\#(list)],"timestamp":\#(time)}"#)
    }

    static func members(by sender: PublicKey = alice, at time: Int64, _ members: [PublicKey]) -> Event {
        let list = members.map { "\"\($0.hex)\"" }.joined(separator: ",")
        return rumor(sender, at: time, #"{"conversation_id":"\#(session)","root_id":"TOKEN\#(time)","kind":"session_members","member_pubkeys":[\#(list)],"timestamp":\#(time)}"#)
    }

    static func post(by sender: PublicKey, at time: Int64, url: String = "https:\\/\\/example.com\\/a", note: String? = "look") -> Event {
        let noteField = note.map { #","note":"\#($0)""# } ?? ""
        return rumor(sender, at: time, #"{"conversation_id":"\#(session)","root_id":"","kind":"root","url":"\#(url)"\#(noteField),"timestamp":\#(time)}"#)
    }

    static func reaction(by sender: PublicKey, at time: Int64, on post: Event, emoji: String = "👍", active: Bool = true) -> Event {
        rumor(sender, at: time, #"{"conversation_id":"\#(session)","root_id":"\#(post.id.hex)","kind":"reaction","emoji":"\#(emoji)","reaction_active":\#(active),"timestamp":\#(time)}"#,
              tags: [["e", post.id.hex, "", "root"]])
    }

    static func delete(by sender: PublicKey, at time: Int64, _ post: Event) -> Event {
        rumor(sender, at: time, #"{"conversation_id":"\#(session)","root_id":"\#(post.id.hex)","kind":"root_delete","timestamp":\#(time)}"#,
              tags: [["e", post.id.hex, "", "root"]])
    }

    @discardableResult
    func deliver(_ rumor: Event, source: IngestSource = .live, wrap: WrapID = EngineFixture.wrapID(), now: Int64 = 2_000_000_000) throws -> IngestReport {
        try engine.ingest(InboundRumor(rumor: rumor, wrapID: wrap, source: source), now: now)
    }

    func post(_ rumor: Event) -> Post? {
        store.post(PostReference(sessionID: Self.session, postID: RumorID(rumor.id)))
    }
}
