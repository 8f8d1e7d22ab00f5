import LinkstrEngine
import NostrCore
import Testing

private typealias F = EngineFixture

/// The staging area under a flood: per-sender quota, shared capacity, expiry, and what leaves it
/// undecided is never marked seen.
@Suite struct StagingTests {
    @Test func aStrangersFloodDoesNotPushOutAMembersPosts() throws {
        let store = MemoryEngineStore()
        let engine = LinkstrEngine(me: F.bob, store: store, stagingCapacity: 100, stagingPerSender: 10)
        func deliver(_ rumor: Event, wrap: WrapID = F.wrapID()) throws -> IngestReport {
            try engine.ingest(InboundRumor(rumor: rumor, wrapID: wrap, source: .historical), now: 2_000_000_000)
        }
        // Alice's posts arrive before her session (a backfill delivers newest first).
        let posts = (1...3).map { F.post(by: F.alice, at: 200 + Int64($0)) }
        for post in posts { _ = try deliver(post) }
        var floodWraps: [WrapID] = []
        var dropped: [String] = []
        for index in 0..<1_000 {
            let wrap = F.wrapID()
            floodWraps.append(wrap)
            dropped += try deliver(F.post(by: F.mallory, at: 300 + Int64(index)), wrap: wrap).dropped.map(\.reason)
        }
        #expect(engine.stagedCount == 13)
        #expect(dropped.count == 990)
        #expect(dropped.first == "dropped from the staging area (its sender has 10 rumors waiting): no session \(F.session) is known")
        // Nothing dropped is lost for good: a later backfill may bring it again.
        #expect(floodWraps.allSatisfy { !store.hasSeenWrap($0) })

        let released = try deliver(F.create(at: 100, members: [F.alice, F.bob])).released
        #expect(released.filter { $0 == .accepted }.count == 3)
        #expect(posts.allSatisfy { store.post(PostReference(sessionID: F.session, postID: RumorID($0.id))) != nil })
    }

    @Test func aRumorDroppedForWhatArrivesLaterAsksForTheBackfillAgain() throws {
        let store = MemoryEngineStore()
        let engine = LinkstrEngine(me: F.bob, store: store, stagingPerSender: 2)
        func deliver(_ rumor: Event, wrap: WrapID = F.wrapID()) throws -> IngestReport {
            try engine.ingest(InboundRumor(rumor: rumor, wrapID: wrap, source: .historical), now: 2_000_000_000)
        }
        let oldest = F.post(by: F.alice, at: 201)
        let oldestWrap = F.wrapID()
        #expect(try deliver(oldest, wrap: oldestWrap).dropped.isEmpty)
        _ = try deliver(F.post(by: F.alice, at: 202))
        #expect(try deliver(F.post(by: F.alice, at: 203)).dropped.count == 1)
        // Nothing it waited for has arrived: another backfill would drop it again.
        #expect(!engine.takeRefetchNeeded())

        #expect(try deliver(F.create(at: 100, members: [F.alice, F.bob])).released == [.accepted, .accepted])
        #expect(engine.takeRefetchNeeded())
        #expect(!engine.takeRefetchNeeded())
        // The backfill again: the dropped post's wrap was not seen, and it is accepted now.
        #expect(!store.hasSeenWrap(oldestWrap))
        #expect(try deliver(oldest, wrap: oldestWrap).outcome == .accepted)
    }

    @Test func whenManyStrangersFillTheAreaTheOneHoldingMostGivesWay() throws {
        let store = MemoryEngineStore()
        let engine = LinkstrEngine(me: F.bob, store: store, stagingCapacity: 10, stagingPerSender: 6)
        func deliver(_ rumor: Event) throws -> IngestReport {
            try engine.ingest(InboundRumor(rumor: rumor, wrapID: F.wrapID(), source: .historical), now: 2_000_000_000)
        }
        let posts = (1...3).map { F.post(by: F.alice, at: 200 + Int64($0)) }
        for post in posts { _ = try deliver(post) }
        var dropped: [String] = []
        for index in 0..<6 {
            dropped += try deliver(F.post(by: F.mallory, at: 300 + Int64(index))).dropped.map(\.reason)
            dropped += try deliver(F.post(by: F.carol, at: 300 + Int64(index))).dropped.map(\.reason)
        }
        #expect(engine.stagedCount == 10)
        #expect(dropped.count == 5)
        #expect(dropped.allSatisfy { $0 == "dropped from the staging area (full): no session \(F.session) is known" })
        #expect(try deliver(F.create(at: 100, members: [F.alice, F.bob])).released.filter { $0 == .accepted }.count == 3)
    }

    @Test func aStagedRumorExpiresAndItsWrapStaysUnseen() throws {
        let store = MemoryEngineStore()
        let engine = LinkstrEngine(me: F.bob, store: store, stagingLifetime: 2 * 86_400)
        let now: Int64 = 2_000_000_000
        let wrap = F.wrapID()
        let post = F.post(by: F.alice, at: 200)
        #expect(try engine.ingest(InboundRumor(rumor: post, wrapID: wrap, source: .historical), now: now).outcome == .staged("no session \(F.session) is known"))
        // Still there a day later.
        #expect(try engine.ingest(InboundRumor(rumor: F.post(by: F.carol, at: 201), wrapID: F.wrapID(), source: .historical), now: now + 86_400).released.isEmpty)
        let later = try engine.ingest(InboundRumor(rumor: F.post(by: F.carol, at: 202), wrapID: F.wrapID(), source: .historical), now: now + 2 * 86_400 + 1)
        #expect(later.released == [.rejected("expired from the staging area after 2 days: no session \(F.session) is known")])
        #expect(!store.hasSeenWrap(wrap))
        // Brought again by a backfill, it waits again.
        #expect(try engine.ingest(InboundRumor(rumor: post, wrapID: wrap, source: .historical), now: now + 2 * 86_400 + 2).outcome == .staged("no session \(F.session) is known"))
    }

    @Test func aRumorKeptFromAnEarlierSyncKeepsItsStagingTime() throws {
        let engine = LinkstrEngine(me: F.bob, store: MemoryEngineStore(), stagingLifetime: 2 * 86_400)
        let now: Int64 = 2_000_000_000
        let kept = InboundRumor(rumor: F.post(by: F.alice, at: 200), wrapID: F.wrapID(), source: .historical)
        _ = try engine.ingest(kept, now: now, stagedSince: now - 2 * 86_400)
        #expect(engine.finishSync().map(\.stagedAt) == [now - 2 * 86_400])
        _ = try engine.ingest(kept, now: now, stagedSince: now - 2 * 86_400)
        let next = try engine.ingest(InboundRumor(rumor: F.post(by: F.carol, at: 201), wrapID: F.wrapID(), source: .historical), now: now + 1)
        #expect(next.released == [.rejected("expired from the staging area after 2 days: no session \(F.session) is known")])
    }
}
