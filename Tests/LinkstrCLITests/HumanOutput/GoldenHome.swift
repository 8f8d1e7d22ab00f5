import Foundation
import LinkstrEngine
import NostrCore
import PluginTesting
import Testing

@testable import LinkstrHost
@testable import LinkstrRuntime

/// A home with fixed content for the golden files of `sessions` and `feed`: fixed keys, fixed times,
/// fixed session ids, so every id and every relative time (against `GoldenHome.now`, passed as
/// LINKSTR_NOW) is the same on every run. Built in-process through the real runtime and storage
/// (SQLite, sealed records), the rumors ingested as if they came from relays; the CLI then reads it.
struct GoldenHome {
    static let start: Int64 = 1_750_000_000
    /// LINKSTR_NOW for the golden files: two hours after `start`.
    static let now: Int64 = start + 7_200

    static func key(_ byte: String) -> SecretKey { try! SecretKey(hex: String(repeating: byte, count: 32)) }
    static let me = key("11")
    static let bob = key("22")
    static let carol = key("33")
    static let erin = key("44")
    static let frank = key("66")
    /// Eleven more members, who only react.
    static let crowd = (0..<11).map { key(String(format: "%02x", 0x51 + $0)) }

    static let weekend = SessionID("A1A1A1A1A1A1A1A1A1A1A1A1A1A1A1A1")!
    static let bookClub = SessionID("B2B2B2B2B2B2B2B2B2B2B2B2B2B2B2B2")!
    static let bookClubToo = SessionID("C3C3C3C3C3C3C3C3C3C3C3C3C3C3C3C3")!
    static let oldStuff = SessionID("D4D4D4D4D4D4D4D4D4D4D4D4D4D4D4D4")!

    let scratch: TestScratch
    var path: String { scratch.path }

    init(_ label: String = #function) async throws {
        scratch = TestScratch(label)
        let host = try LinkstrHost.open(home: scratch.path, configFile: nil, environment: ["HOME": scratch.path])
        _ = try AccountManager(dataDirectory: host.paths.dataDirectory, environment: [:])
            .save(Self.me, name: "Dana", keyStore: .plain, now: Self.start)
        host.loadPlugins()
        defer { host.stop() }
        let runtime = try AccountRuntime(host: host, backend: try host.openStorage(), secretKey: Self.me) { Self.now }
        try await runtime.seedGolden()
    }

    func remove() { scratch.remove() }

    // MARK: Rumors, as the iPhone app builds them

    static func rumor(_ sender: SecretKey, _ time: Int64, _ payload: [String: Any], tags: [[String]] = []) -> Event {
        let content = String(decoding: try! JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        return UnsignedEvent(pubkey: sender.publicKey, createdAt: time, kind: 44001, tags: tags, content: content).rumor()
    }

    static func create(_ session: SessionID, _ name: String, by sender: SecretKey, at time: Int64, members: [SecretKey]) -> Event {
        rumor(sender, time, [
            "conversation_id": session.rawValue, "root_id": "create-\(time)", "kind": "session_create", "session_name": name,
            "member_pubkeys": members.map(\.publicKey.hex), "timestamp": time,
        ])
    }

    static func post(_ session: SessionID, by sender: SecretKey, at time: Int64, _ url: String, note: String? = nil) -> Event {
        var payload: [String: Any] = ["conversation_id": session.rawValue, "root_id": "", "kind": "root", "url": url, "timestamp": time]
        payload["note"] = note
        return rumor(sender, time, payload)
    }

    static func reaction(_ session: SessionID, by sender: SecretKey, at time: Int64, on post: Event, _ emoji: String) -> Event {
        rumor(sender, time, [
            "conversation_id": session.rawValue, "root_id": post.id.hex, "kind": "reaction", "emoji": emoji, "reaction_active": true,
            "timestamp": time,
        ], tags: [["e", post.id.hex, "", "root"]])
    }
}

extension AccountRuntime {
    /// Ingests the golden content and commits it.
    fileprivate func seedGolden() throws {
        typealias G = GoldenHome
        let t = G.start
        let weekendMembers = [G.me, G.bob, G.carol, G.erin] + G.crowd
        let classic = G.post(G.weekend, by: G.bob, at: t + 60, "https://www.youtube.com/watch?v=dQw4w9WgXcQ", note: "the classic")
        let vimeo = G.post(G.weekend, by: G.bob, at: t + 120, "https://vimeo.com/76979871")
        let mine = G.post(G.weekend, by: G.me, at: t + 1_800, "https://example.com/a-long-read", note: "two things:\nthe intro\nand the ending")
        // Forty minutes in, Frank joins and the last of the crowd leaves (after reacting).
        let frankJoins = G.rumor(G.me, t + 2_400, [
            "conversation_id": G.weekend.rawValue, "root_id": "members-\(t + 2_400)", "kind": "session_members",
            "member_pubkeys": (weekendMembers.dropLast() + [G.frank]).map(\.publicKey.hex), "timestamp": t + 2_400,
        ])
        let carols = G.post(G.weekend, by: G.carol, at: t + 3_600, "https://www.tiktok.com/@someone/video/7596114833477537054")
        let erins = G.post(G.weekend, by: G.erin, at: t + 5_400, "https://news.example.org/story", note: "worth it")
        let bookPost = G.post(G.bookClub, by: G.bob, at: t - 3 * 86_400 + 100, "https://books.example/june")
        var rumors = [
            G.create(G.weekend, "Weekend videos", by: G.me, at: t, members: weekendMembers),
            classic, vimeo, mine, frankJoins, carols, erins,
            G.create(G.bookClub, "Book club", by: G.bob, at: t - 3 * 86_400, members: [G.bob, G.me]), bookPost,
            G.create(G.bookClubToo, "Book club", by: G.carol, at: t - 10 * 86_400, members: [G.carol, G.me]),
            G.create(G.oldStuff, "Old stuff", by: G.me, at: t - 40 * 86_400, members: [G.me, G.bob]),
        ]
        // 🔥 from twelve people (shown as 10+), 👀 from one (the emoji alone), 👍 from two.
        for (index, person) in (G.crowd + [G.carol]).enumerated() {
            rumors.append(G.reaction(G.weekend, by: person, at: t + 200 + Int64(index), on: classic, "🔥"))
        }
        rumors.append(G.reaction(G.weekend, by: G.me, at: t + 300, on: classic, "👀"))
        rumors.append(G.reaction(G.weekend, by: G.bob, at: t + 1_900, on: mine, "👍"))
        rumors.append(G.reaction(G.weekend, by: G.carol, at: t + 1_950, on: mine, "👍"))
        for rumor in rumors {
            // As a sync delivers them: history, judged by membership at each rumor's time (the crowd
            // member who left still reacted while a member).
            let source: IngestSource = rumor.pubkey == me ? .own : .historical
            let wrap = WrapID(EventID(bytes: rumor.id.rawBytes.reversed())!)
            let report = try engine.ingest(InboundRumor(rumor: rumor, wrapID: wrap, source: source), now: G.now)
            guard case .accepted = report.outcome else { throw TestFailure("golden rumor \(rumor.content) was not accepted: \(report.outcome)") }
        }
        try commit()
        // Read: Bob's first post and the book club; archived: Old stuff.
        for (session, read) in [(G.weekend, classic), (G.bookClub, bookPost)] {
            guard let post = try store.post(PostReference(sessionID: session, postID: RumorID(read.id))) else { throw TestFailure("golden post missing") }
            _ = try engine.markRead(session, posts: [post])
        }
        try engine.setArchived(G.oldStuff, true)
        // The link title of the first post, as `feed --titles` would have stored it.
        try store.put(
            EngineCollection.linkMetadata, key: cipher.lookupHash("https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
            value: LinkMetadata(title: "Rick Astley - Never Gonna Give You Up (Official Music Video)", thumbnail: nil).encoded())
        // Contacts: Bob and Frank by alias, Carol by her profile name; Erin is neither (a short npub).
        var book = ContactBook(me: me)
        let followList = try LocalSigner(secretKey: G.me).sign(
            UnsignedEvent(pubkey: me, createdAt: t, kind: 3, tags: [["p", G.bob.publicKey.hex], ["p", G.carol.publicKey.hex], ["p", G.frank.publicKey.hex]], content: ""))
        book.ingestFollowList(followList, now: G.now)
        try book.setAlias("Bob", for: G.bob.publicKey)
        try book.setAlias("Frank", for: G.frank.publicKey)
        let profile = try LocalSigner(secretKey: G.carol).sign(
            UnsignedEvent(pubkey: G.carol.publicKey, createdAt: t, kind: 0, tags: [], content: #"{"name":"Carol ☕"}"#))
        book.ingestProfile(profile, now: G.now)
        try store.put(EngineCollection.accountState, key: Array(AccountStateKey.contacts.utf8), value: book.encoded())
        try commit()
    }
}
