import LinkstrEngine
import NostrCore
import Testing

/// The ingest rules (docs/wire-compatibility.md, 7. Who may do what, 8. Receiving), each accepted and each rejected case.
@Suite struct IngestTests {
    typealias F = EngineFixture

    @Test func aSessionCreateThatIncludesUsMaterializesTheSession() throws {
        let f = F()
        let report = try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(report.outcome == .accepted)
        #expect(f.store.session(F.session)?.name == "Weekend")
        #expect(f.store.session(F.session)?.creator == F.alice)
        #expect(f.store.membership(F.session).current == [F.alice, F.bob])
    }

    @Test func aSessionCreateWithoutUsOrItsSenderIsRejected() throws {
        let f = F()
        #expect(try f.deliver(F.create(at: 100, members: [F.alice, F.carol])).outcome == .rejected("a session_create that does not include you"))
        #expect(try f.deliver(F.create(by: F.carol, at: 100, members: [F.alice, F.bob])).outcome == .rejected("the member list leaves out the session's creator"))
        #expect(f.store.session(F.session) == nil)
    }

    @Test func onlyTheCreatorChangesMembership() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(try f.deliver(F.members(by: F.bob, at: 200, [F.alice, F.bob, F.mallory])).outcome
            == .rejected("only the session's creator may change its members"))
        #expect(f.store.membership(F.session).current == [F.alice, F.bob])
    }

    @Test func anInboundPostIsStoredUnreadAndNotifiesOnce() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 200)
        let report = try f.deliver(post)
        #expect(report.outcome == .accepted)
        #expect(f.post(post)?.unread == true)
        #expect(f.post(post)?.url == "https://example.com/a")
        #expect(report.notifications.map(\.id) == ["post-\(post.id.hex)"])
        #expect(f.store.session(F.session)?.updatedAt == 200)
        // The same rumor in another wrap: merged, no second notification.
        let again = try f.deliver(post)
        #expect(again.outcome == .merged)
        #expect(again.notifications.isEmpty)
        #expect(f.post(post)?.wrapIDs.count == 2)
    }

    @Test func theSameWrapTwiceIsADuplicate() throws {
        let f = F()
        let wrap = F.wrapID()
        #expect(try f.deliver(F.create(at: 100, members: [F.alice, F.bob]), wrap: wrap).outcome == .accepted)
        #expect(try f.deliver(F.create(at: 100, members: [F.alice, F.bob]), wrap: wrap).outcome == .duplicate)
    }

    @Test func backfillAndArchivedSessionsDoNotNotify() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(try f.deliver(F.post(by: F.alice, at: 200), source: .historical).notifications.isEmpty)
        try f.engine.setArchived(F.session, true)
        #expect(try f.deliver(F.post(by: F.alice, at: 300)).notifications.isEmpty)
    }

    @Test func aPostBeforeItsSessionIsStagedAndAppliedLater() throws {
        let f = F()
        let post = F.post(by: F.alice, at: 200)
        #expect(try f.deliver(post).outcome == .staged("no session \(F.session) is known"))
        let report = try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(report.released == [.accepted])
        #expect(f.post(post) != nil)
        #expect(f.engine.stagedCount == 0)
    }

    @Test func aPostFromSomeoneWhoWasNotAMemberThenIsRejected() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        try f.deliver(F.members(at: 300, [F.alice, F.bob, F.carol]))
        let early = F.post(by: F.carol, at: 200)
        #expect(try f.deliver(early).outcome == .staged("the sender was not a member of the session at that time"))
        #expect(f.engine.finishSync().map(\.reason) == ["the sender was not a member of the session at that time"])
        #expect(f.post(early) == nil)
        #expect(f.engine.stagedCount == 0)
        // After being added, carol's posts are accepted.
        #expect(try f.deliver(F.post(by: F.carol, at: 301)).outcome == .accepted)
    }

    @Test func aPostFromAMemberWhoseAdditionArrivesLaterIsAccepted() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.carol, at: 400)
        #expect(try f.deliver(post).outcome == .staged("the sender was not a member of the session at that time"))
        #expect(try f.deliver(F.members(at: 300, [F.alice, F.bob, F.carol])).released == [.accepted])
        #expect(f.post(post) != nil)
    }

    @Test func aRemovedMemberKeepsHistoryButNewPostsAreRejected() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.carol]))
        let before = F.post(by: F.carol, at: 150)
        try f.deliver(before)
        try f.deliver(F.members(at: 200, [F.alice, F.bob]))
        #expect(f.post(before) != nil)
        #expect(try f.deliver(F.post(by: F.carol, at: 250)).outcome == .staged("the sender was not a member of the session at that time"))
    }

    @Test func aRootWhoseRootIDIsAnotherPostIsRejected() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let forged = F.rumor(F.alice, at: 200, #"{"conversation_id":"\#(F.session)","root_id":"\#(String(repeating: "ab", count: 32))","kind":"root","url":"https://x.org"}"#)
        #expect(try f.deliver(forged).outcome == .rejected("root_id does not match the post's own id"))
    }

    @Test func reactionsFollowLastWriterWinsAndNotifyOnlyWhenTheyBecomeActive() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.bob, at: 200)
        try f.deliver(post)
        let on = try f.deliver(F.reaction(by: F.alice, at: 300, on: post))
        #expect(on.outcome == .accepted)
        #expect(on.notifications.map(\.kind) == [.reaction])
        // An older toggle is kept, but changes nothing shown.
        let older = try f.deliver(F.reaction(by: F.alice, at: 250, on: post, active: false))
        #expect(older.outcome == .merged && older.changes.isEmpty)
        #expect(try f.deliver(F.reaction(by: F.alice, at: 250, on: post, active: false)).outcome == .duplicate)
        // Re-delivery of the same state in another wrap: no second notification.
        #expect(try f.deliver(F.reaction(by: F.alice, at: 300, on: post)).notifications.isEmpty)
        let off = try f.deliver(F.reaction(by: F.alice, at: 400, on: post, active: false))
        #expect(off.outcome == .accepted)
        #expect(off.notifications.isEmpty)
        let key = ReactionKey(sessionID: F.session, postID: RumorID(post.id), emoji: "👍", sender: F.alice)
        #expect(f.store.reaction(key)?.active == false)
    }

    @Test func equalTimestampsResolveByTheLargerEventID() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.bob, at: 200)
        try f.deliver(post)
        let a = F.reaction(by: F.alice, at: 300, on: post, active: true)
        let b = F.reaction(by: F.alice, at: 300, on: post, active: false)
        let winner = a.id.hex > b.id.hex ? a : b
        try f.deliver(winner)
        // The loser is kept as an older toggle; the winner stays the newest.
        #expect(try f.deliver(winner.id == a.id ? b : a).outcome == .merged)
        let key = ReactionKey(sessionID: F.session, postID: RumorID(post.id), emoji: "👍", sender: F.alice)
        #expect(f.store.reaction(key)?.stamp.eventID == RumorID(winner.id))
    }

    @Test func aReactionBeforeItsPostIsStagedThenApplied() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.bob, at: 200)
        #expect(try f.deliver(F.reaction(by: F.alice, at: 300, on: post)).outcome == .staged("the post \(post.id.hex) is not known"))
        #expect(try f.deliver(post).released == [.accepted])
        #expect(f.store.reactions(on: PostReference(sessionID: F.session, postID: RumorID(post.id))).count == 1)
    }

    @Test func theAuthorsDeleteRemovesThePostAndItsReactions() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 200)
        try f.deliver(post)
        try f.deliver(F.reaction(by: F.bob, at: 250, on: post))
        let report = try f.deliver(F.delete(by: F.alice, at: 300, post))
        #expect(report.outcome == .accepted)
        #expect(f.post(post) == nil)
        #expect(f.store.reactions(on: PostReference(sessionID: F.session, postID: RumorID(post.id))).isEmpty)
        // Backfill cannot resurrect it.
        #expect(try f.deliver(post, source: .historical).outcome == .rejected("the post was deleted by its author"))
    }

    @Test func aForgedDeleteChangesNothing() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.mallory]))
        let post = F.post(by: F.alice, at: 200)
        try f.deliver(post)
        #expect(try f.deliver(F.delete(by: F.mallory, at: 300, post)).outcome == .rejected("a delete from someone other than the post's author"))
        #expect(f.post(post) != nil)
    }

    @Test func aDeleteBeforeItsPostBlocksThePostAndItsStagedReactions() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 200)
        try f.deliver(F.reaction(by: F.bob, at: 250, on: post))
        #expect(try f.deliver(F.delete(by: F.alice, at: 300, post)).outcome == .accepted)
        #expect(f.engine.stagedCount == 1)  // not validated yet: the staged reaction stays
        let report = try f.deliver(post)
        #expect(report.outcome == .rejected("the post was deleted by its author"))
        #expect(report.released == [.rejected("the post was deleted by its author")])
        #expect(f.engine.stagedCount == 0)
    }

    @Test func aForgedDeleteBeforeThePostDoesNotBlockIt() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.mallory]))
        let post = F.post(by: F.alice, at: 200)
        try f.deliver(F.delete(by: F.mallory, at: 300, post))
        #expect(try f.deliver(post).outcome == .accepted)
    }

    @Test func aSnapshotOfAnUnknownSessionBootstrapsItWhenItIncludesUs() throws {
        let f = F()
        #expect(try f.deliver(F.members(at: 200, [F.alice, F.bob])).outcome == .accepted)
        #expect(f.store.session(F.session)?.name == LinkstrEngine.placeholderSessionName)
        #expect(f.store.session(F.session)?.creator == F.alice)
        // The real name arrives with the create (older, but the placeholder never wins).
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob], name: "Trip"))
        #expect(f.store.session(F.session)?.name == "Trip")
    }

    @Test func restoringIntoAnEmptyStoreMarksHistoryRead() throws {
        let f = F()
        f.engine.restoringIntoEmptyStore = true
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]), source: .historical)
        let post = F.post(by: F.alice, at: 200)
        try f.deliver(post, source: .historical)
        #expect(f.post(post)?.unread == false)
    }

    /// A phone whose clock is fast loses nothing: what is dated ahead waits until its time, and is
    /// applied by the first ingest after it.
    @Test func anEventDatedAheadWaitsForItsTime() throws {
        let f = F()
        let now: Int64 = 1_000_000
        let create = F.create(at: now + 3_600, members: [F.alice, F.bob])
        let wrap = F.wrapID()
        #expect(try f.deliver(create, wrap: wrap, now: now).outcome == .staged("dated 3600 seconds ahead of this clock"))
        #expect(!f.store.hasSeenWrap(wrap))
        // Within the allowed skew of its time: applied before what arrives then.
        let post = F.post(by: F.alice, at: now + 3_600)
        let later = try f.deliver(post, now: now + 3_600 - PayloadLimits.futureSkewSeconds)
        #expect(later.released == [.accepted])
        #expect(later.outcome == .accepted)
        #expect(f.post(post) != nil)
        #expect(f.store.hasSeenWrap(wrap))
    }

    @Test func rejectsEventsOfOtherKinds() throws {
        let f = F()
        let other = UnsignedEvent(pubkey: F.alice, createdAt: 5, kind: 14, content: "hi").rumor()
        #expect(try f.deliver(other).outcome == .rejected("not a linkstr rumor (kind 14)"))
        #expect(try f.deliver(F.rumor(F.alice, at: 5, "not json")).outcome == .rejected("the payload is not valid JSON: invalid literal, expected 'null'"))
    }

    @Test func theStagingAreaIsBounded() throws {
        let store = MemoryEngineStore()
        let engine = LinkstrEngine(me: F.bob, store: store, stagingCapacity: 2)
        var evicted: [String] = []
        for time in 1...3 {
            let report = try engine.ingest(InboundRumor(rumor: F.post(by: F.alice, at: Int64(time)), wrapID: F.wrapID(), source: .live), now: 100)
            evicted += report.dropped.map(\.reason)
        }
        #expect(engine.stagedCount == 2)
        #expect(evicted == ["dropped from the staging area (full): no session \(F.session) is known"])
    }

    @Test func aRemovedMemberCannotAddLiveEventsDatedBeforeTheRemoval() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.carol]))
        let post = F.post(by: F.alice, at: 120)
        try f.deliver(post)
        try f.deliver(F.members(at: 200, [F.alice, F.bob]))
        let backdatedWrap = F.wrapID()
        let backdated = try f.deliver(F.post(by: F.carol, at: 150), wrap: backdatedWrap)
        #expect(backdated.outcome == .rejected("the sender is no longer a member of the session"))
        #expect(backdated.notifications.isEmpty)
        // Refused for now only: the next backfill judges it by membership at its time.
        #expect(!f.store.hasSeenWrap(backdatedWrap))
        let reaction = try f.deliver(F.reaction(by: F.carol, at: 150, on: post))
        #expect(reaction.outcome == .rejected("the sender is no longer a member of the session"))
        #expect(reaction.notifications.isEmpty)
        #expect(f.store.reactions.isEmpty)
    }

    @Test func historyKeepsMembershipAtTheTimeSoALateDeliveryStillArrives() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.carol]))
        try f.deliver(F.members(at: 200, [F.alice, F.bob]))
        let sentBeforeRemoval = F.post(by: F.carol, at: 150)
        #expect(try f.deliver(sentBeforeRemoval, source: .historical).outcome == .accepted)
        #expect(f.post(sentBeforeRemoval) != nil)
    }

    @Test func aLiveEventNeedsUsToBeAMemberNow() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        try f.deliver(F.members(at: 200, [F.alice]))
        #expect(try f.deliver(F.post(by: F.alice, at: 150)).outcome == .rejected("you are no longer a member of the session"))
    }

    @Test func aReactionOrDeleteWhoseETagNamesAnotherPostIsRejected() throws {
        let f = F()
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 200)
        let other = F.post(by: F.alice, at: 201)
        try f.deliver(post)
        try f.deliver(other)
        let mismatched = [["e", other.id.hex, "", "root"]]
        let reaction = F.rumor(F.alice, at: 300, #"{"conversation_id":"\#(F.session)","root_id":"\#(post.id.hex)","kind":"reaction","emoji":"👍","reaction_active":true}"#, tags: mismatched)
        #expect(try f.deliver(reaction).outcome == .rejected("its e tag names another post than its root_id"))
        let delete = F.rumor(F.alice, at: 300, #"{"conversation_id":"\#(F.session)","root_id":"\#(post.id.hex)","kind":"root_delete"}"#, tags: mismatched)
        #expect(try f.deliver(delete).outcome == .rejected("its e tag names another post than its root_id"))
        #expect(f.post(post) != nil)
        #expect(f.post(other) != nil)
        #expect(f.store.reactions.isEmpty)
        // The tag the iPhone app sends agrees.
        #expect(try f.deliver(F.reaction(by: F.alice, at: 301, on: post)).outcome == .accepted)
    }
}
