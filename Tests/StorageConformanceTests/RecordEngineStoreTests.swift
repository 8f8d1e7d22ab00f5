import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrPluginKit
@testable import LinkstrRuntime
import NostrCore
import Testing

/// The engine's state in real storage plugins: what the runtime writes survives a restart, is
/// sealed, and a batch is applied whole or not at all.
@Suite struct RecordEngineStoreTests {
    let alice = LocalSigner(keypair: .generate())
    let bob = LocalSigner(keypair: .generate())
    let now: Int64 = 1_800_000_000

    /// Alice's session with Bob and her post in it, as Bob receives them.
    func scenario() throws -> (session: OutboundMessage, post: OutboundMessage) {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Secret club", members: [bob.publicKey], now: now)
        _ = try sender.confirm(session, wraps: [(Self.randomWrap(), SecretKey.generate())], now: now)
        let post = try sender.post(session.payload.sessionID, url: "https://example.com/very-private-link", note: "a private note", now: now + 1)
        return (session, post)
    }

    static func randomWrap() -> WrapID {
        WrapID(EventID(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) })!)
    }

    func store(_ test: TestStore, owner: LocalSigner, key: [UInt8]? = nil) throws -> RecordEngineStore {
        RecordEngineStore(
            backend: test.backend, owner: owner.publicKey,
            cipher: try RecordCipher(ownerKey: key ?? Array(repeating: 7, count: 32)))
    }

    @Test(arguments: BackendKind.persistent)
    func whatIsFlushedSurvivesARestart(_ kind: BackendKind) throws {
        let (session, post) = try scenario()
        let first = try TestStore.open(kind)
        let store = try store(first, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        let sessionWrap = Self.randomWrap()
        #expect(try engine.ingest(InboundRumor(rumor: session.rumor, wrapID: sessionWrap, source: .live), now: now + 5).outcome == .accepted)
        #expect(try engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5).outcome == .accepted)
        try store.flush()
        first.close()

        let second = try TestStore.open(kind, location: first.location)
        defer { second.close() }
        let reopened = try self.store(second, owner: bob)
        let id = session.payload.sessionID
        #expect(try reopened.session(id)?.name == "Secret club")
        #expect(try reopened.membership(id).current == [alice.publicKey, bob.publicKey])
        let stored = try reopened.post(PostReference(sessionID: id, postID: post.id))
        #expect(stored?.url == "https://example.com/very-private-link")
        #expect(stored?.note == "a private note")
        #expect(stored?.unread == true)
        #expect(try reopened.hasSeenWrap(sessionWrap))
        // Delivered again after the restart: a duplicate, nothing changes.
        let again = LinkstrEngine(me: bob.publicKey, store: reopened)
        #expect(try again.ingest(InboundRumor(rumor: session.rumor, wrapID: sessionWrap, source: .historical), now: now + 9).outcome == .duplicate)
    }

    @Test func namesURLsNotesAndMembersAreNeverInTheDatabaseInTheClear() throws {
        let (session, post) = try scenario()
        let test = try TestStore.open(.sqlite)
        let store = try store(test, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        _ = try engine.ingest(InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        _ = try engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        try store.flush()
        test.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: test.location))
            + ((try? Data(contentsOf: URL(fileURLWithPath: test.location + "-wal"))) ?? Data())
        for secret in ["Secret club", "very-private-link", "a private note"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "'\(secret)' is stored in the clear")
        }
        #expect(bytes.range(of: Data(alice.publicKey.rawBytes)) == nil, "a member key is stored in the clear")
    }

    @Test func aBatchThatIsNotFlushedLeavesNothingAndItsWrapsUnseen() throws {
        let (session, _) = try scenario()
        let test = try TestStore.open(.sqlite)
        let store = try store(test, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        let wrap = Self.randomWrap()
        _ = try engine.ingest(InboundRumor(rumor: session.rumor, wrapID: wrap, source: .live), now: now + 5)
        #expect(store.pendingCount > 0)
        test.close()  // the process dies before the commit

        let reopened = try TestStore.open(.sqlite, location: test.location)
        defer { reopened.close() }
        let after = try self.store(reopened, owner: bob)
        #expect(try after.session(session.payload.sessionID) == nil)
        #expect(try !after.hasSeenWrap(wrap))
    }

    @Test func anotherKeyCannotReadTheRecords() throws {
        let (session, _) = try scenario()
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let store = try store(test, owner: bob)
        _ = try LinkstrEngine(me: bob.publicKey, store: store).ingest(
            InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        try store.flush()

        let wrongKey = try self.store(test, owner: bob, key: Array(repeating: 9, count: 32))
        // Thrown by the read, every time: a record that does not open is not taken as absent.
        for _ in 1...2 {
            let failure = #expect(throws: PluginError.self) { try wrongKey.session(session.payload.sessionID) }
            #expect(failure?.message.contains("does not decrypt") == true)
        }
    }

    @Test func accountsSharingADatabaseSeeOnlyTheirOwnRecords() throws {
        let (session, _) = try scenario()
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let bobs = try store(test, owner: bob)
        _ = try LinkstrEngine(me: bob.publicKey, store: bobs).ingest(
            InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        try bobs.flush()
        let carol = LocalSigner(keypair: .generate())
        let carols = try store(test, owner: carol)
        #expect(try carols.session(session.payload.sessionID) == nil)
        #expect(try !carols.hasPosts)
    }

    @Test func aSessionIsWrittenOncePerFlushWithItsLatestState() throws {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Busy", members: [bob.publicKey], now: now)
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let store = try store(test, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        _ = try engine.ingest(InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 100)
        _ = try sender.confirm(session, wraps: [(Self.randomWrap(), SecretKey.generate())], now: now)
        for second in 1...3 {
            let post = try sender.post(session.payload.sessionID, url: "https://example.com/\(second)", note: nil, now: now + Int64(second))
            #expect(try engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 100).outcome == .accepted)
        }
        // One record each: the membership, the session (once, however often it changed), 3 posts, 4 wraps.
        #expect(store.pendingCount == 9)
        try store.flush()
        let reopened = try self.store(test, owner: bob)
        #expect(try reopened.session(session.payload.sessionID)?.updatedAt == now + 3)
        #expect(try test.backend.count(owner: bob.publicKey.rawBytes, collection: "session") == 1)
    }

    @Test func aDeleteNoticeFromAnEarlierBatchStillBlocksItsPost() throws {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Oops", members: [bob.publicKey], now: now)
        _ = try sender.confirm(session, wraps: [(Self.randomWrap(), SecretKey.generate())], now: now)
        let post = try sender.post(session.payload.sessionID, url: "https://example.com/regret", note: nil, now: now + 1)
        _ = try sender.confirm(post, wraps: [(Self.randomWrap(), SecretKey.generate())], now: now + 1)
        let delete = try sender.delete(session.payload.sessionID, postID: post.id, now: now + 2)

        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let store = try store(test, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        _ = try engine.ingest(InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .historical), now: now + 100)
        // Nothing deleted yet: posts need no lookup of notices, and this one is accepted.
        let other = try sender.post(session.payload.sessionID, url: "https://example.com/fine", note: nil, now: now + 3)
        #expect(try engine.ingest(InboundRumor(rumor: other.rumor, wrapID: Self.randomWrap(), source: .historical), now: now + 100).outcome == .accepted)
        #expect(try engine.ingest(InboundRumor(rumor: delete.rumor, wrapID: Self.randomWrap(), source: .historical), now: now + 100).outcome == .accepted)
        try store.flush()

        // The post arrives in a later batch, then after a restart in another wrap: deleted both times.
        #expect(try engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .historical), now: now + 100).outcome
            == .rejected("the post was deleted by its author"))
        try store.flush()
        let reopened = try self.store(test, owner: bob)
        let restarted = LinkstrEngine(me: bob.publicKey, store: reopened)
        #expect(try restarted.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .historical), now: now + 100).outcome
            == .rejected("the post was deleted by its author"))
        #expect(try reopened.post(PostReference(sessionID: session.payload.sessionID, postID: post.id)) == nil)
    }

    @Test func aWrapSeenIsSeenBeforeAndAfterTheFlush() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let store = RecordEngineStore(
            backend: test.backend, owner: bob.publicKey, cipher: try RecordCipher(ownerKey: Array(repeating: 7, count: 32)),
            clock: { 1_700_000_123 })
        let wrap = Self.randomWrap()
        let other = Self.randomWrap()
        #expect(try !store.hasSeenWrap(wrap))
        #expect(try !store.hasSeenWrap(wrap))
        store.markWrapSeen(wrap)
        #expect(try store.hasSeenWrap(wrap))
        #expect(try !store.hasSeenWrap(other))
        try store.flush()
        #expect(try store.hasSeenWrap(wrap))
        #expect(try !store.hasSeenWrap(other))
        #expect(try self.store(test, owner: bob).hasSeenWrap(wrap))
        // Marks are sorted by when they were seen.
        let marks = try test.backend.query(StorageQuery(owner: bob.publicKey.rawBytes, collection: "wrap"))
        #expect(marks.map(\.key) == [wrap.eventID.rawBytes])
        #expect(marks.map(\.sort) == [1_700_000_123])
    }

    @Test func aReactionKeepsItsOlderTogglesAcrossARestart() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let reference = PostReference(sessionID: SessionID("session")!, postID: RumorID(EventID(bytes: Array(repeating: 1, count: 32))!))
        func stamp(_ time: Int64, _ byte: UInt8) -> Stamp { Stamp(time: time, eventID: RumorID(EventID(bytes: Array(repeating: byte, count: 32))!)) }
        let key = { (emoji: String) in ReactionKey(sessionID: reference.sessionID, postID: reference.postID, emoji: emoji, sender: bob.publicKey) }
        let toggled = Reaction(
            key: key("👍"), active: false, stamp: stamp(300, 3),
            earlier: [ReactionToggle(active: true, stamp: stamp(200, 2)), ReactionToggle(active: false, stamp: stamp(100, 1))])
        let once = Reaction(key: key("🔥"), active: true, stamp: stamp(150, 4))
        let store = try store(test, owner: bob)
        try store.putReaction(toggled)
        try store.putReaction(once)
        try store.flush()
        let reopened = try self.store(test, owner: bob)
        #expect(try reopened.reaction(toggled.key) == toggled)
        #expect(try reopened.reaction(once.key) == once)
    }

    @Test("a session's reactions read in one query are, post by post, what reactions(on:) gives: stored, unflushed and cleared ones")
    func reactionsOfASessionInOneQuery() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let session = SessionID("session")!
        let elsewhere = SessionID("session-2")!
        func post(_ byte: UInt8, in id: SessionID = session) -> PostReference {
            PostReference(sessionID: id, postID: RumorID(EventID(bytes: Array(repeating: byte, count: 32))!))
        }
        func reaction(_ post: PostReference, _ emoji: String, at time: Int64) -> Reaction {
            Reaction(
                key: ReactionKey(sessionID: post.sessionID, postID: post.postID, emoji: emoji, sender: bob.publicKey), active: true,
                stamp: Stamp(time: time, eventID: RumorID(EventID(bytes: Array(repeating: UInt8(time), count: 32))!)))
        }
        let store = try store(test, owner: bob)
        for (index, reference) in [post(1), post(2), post(3), post(1, in: elsewhere)].enumerated() {
            try store.putReaction(reaction(reference, "👍", at: Int64(10 + index)))
            try store.putReaction(reaction(reference, "🔥", at: Int64(20 + index)))
        }
        try store.flush()
        // Not flushed yet: a new reaction, one on a post with none stored, the stored ones of post 3 cleared.
        try store.putReaction(reaction(post(2), "😂", at: 30))
        try store.putReaction(reaction(post(4), "👀", at: 31))
        store.deleteReactions(on: post(3))

        let bySession = try store.reactions(inSession: session)
        #expect(Set(bySession.keys) == [post(1).postID, post(2).postID, post(3).postID, post(4).postID])
        for byte: UInt8 in 1...4 {
            #expect(try bySession[post(byte).postID] == store.reactions(on: post(byte)), "post \(byte)")
        }
        #expect(bySession[post(2).postID]?.map(\.key.emoji) == ["👍", "🔥", "😂"])
        #expect(bySession[post(3).postID] == [])
        #expect(try store.storedReactionCount() == 8)
    }
}
