import Foundation
import LinkstrEngine
import LinkstrHost
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
        _ = sender.confirm(session, wraps: [(Self.randomWrap(), SecretKey.generate())], now: now)
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
        #expect(engine.ingest(InboundRumor(rumor: session.rumor, wrapID: sessionWrap, source: .live), now: now + 5).outcome == .accepted)
        #expect(engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5).outcome == .accepted)
        try store.flush()
        first.close()

        let second = try TestStore.open(kind, location: first.location)
        defer { second.close() }
        let reopened = try self.store(second, owner: bob)
        let id = session.payload.sessionID
        #expect(reopened.session(id)?.name == "Secret club")
        #expect(reopened.membership(id).current == [alice.publicKey, bob.publicKey])
        let stored = reopened.post(PostReference(sessionID: id, postID: post.id))
        #expect(stored?.url == "https://example.com/very-private-link")
        #expect(stored?.note == "a private note")
        #expect(stored?.unread == true)
        #expect(reopened.hasSeenWrap(sessionWrap))
        #expect(reopened.failure == nil)
        // Delivered again after the restart: a duplicate, nothing changes.
        let again = LinkstrEngine(me: bob.publicKey, store: reopened)
        #expect(again.ingest(InboundRumor(rumor: session.rumor, wrapID: sessionWrap, source: .historical), now: now + 9).outcome == .duplicate)
    }

    @Test func namesURLsNotesAndMembersAreNeverInTheDatabaseInTheClear() throws {
        let (session, post) = try scenario()
        let test = try TestStore.open(.sqlite)
        let store = try store(test, owner: bob)
        let engine = LinkstrEngine(me: bob.publicKey, store: store)
        _ = engine.ingest(InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        _ = engine.ingest(InboundRumor(rumor: post.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
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
        _ = engine.ingest(InboundRumor(rumor: session.rumor, wrapID: wrap, source: .live), now: now + 5)
        #expect(store.pendingCount > 0)
        test.close()  // the process dies before the commit

        let reopened = try TestStore.open(.sqlite, location: test.location)
        defer { reopened.close() }
        let after = try self.store(reopened, owner: bob)
        #expect(after.session(session.payload.sessionID) == nil)
        #expect(!after.hasSeenWrap(wrap))
    }

    @Test func anotherKeyCannotReadTheRecordsAndNothingIsWrittenThen() throws {
        let (session, _) = try scenario()
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let store = try store(test, owner: bob)
        _ = LinkstrEngine(me: bob.publicKey, store: store).ingest(
            InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        try store.flush()

        let wrongKey = try self.store(test, owner: bob, key: Array(repeating: 9, count: 32))
        #expect(wrongKey.session(session.payload.sessionID) == nil)
        let failure = try #require(wrongKey.failure)
        #expect(failure.message.contains("does not decrypt"))
        wrongKey.markWrapSeen(Self.randomWrap())
        #expect(throws: (any Error).self) { try wrongKey.flush() }
    }

    @Test func accountsSharingADatabaseSeeOnlyTheirOwnRecords() throws {
        let (session, _) = try scenario()
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let bobs = try store(test, owner: bob)
        _ = LinkstrEngine(me: bob.publicKey, store: bobs).ingest(
            InboundRumor(rumor: session.rumor, wrapID: Self.randomWrap(), source: .live), now: now + 5)
        try bobs.flush()
        let carol = LocalSigner(keypair: .generate())
        let carols = try store(test, owner: carol)
        #expect(carols.session(session.payload.sessionID) == nil)
        #expect(carols.failure == nil)
        #expect(!carols.hasPosts)
    }
}
