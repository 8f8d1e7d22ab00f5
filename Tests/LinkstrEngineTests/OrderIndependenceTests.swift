import LinkstrEngine
import NostrCore
import Testing

/// Shuffled and duplicated delivery gives the same final state (the newer iPhone app: ordering is not
/// guaranteed; duplicate delivery is normal).
@Suite struct OrderIndependenceTests {
    typealias F = EngineFixture

    private func scenario() -> [Event] {
        let p1 = F.post(by: F.alice, at: 200)
        let p2 = F.post(by: F.bob, at: 210, url: "https:\\/\\/example.org\\/b", note: nil)
        let p3 = F.post(by: F.carol, at: 350)  // carol joins at 300
        let early = F.post(by: F.carol, at: 250)  // before carol joined: never accepted
        let p4 = F.post(by: F.bob, at: 450)  // bob removed at 400: rejected... unless it is us
        return [
            F.create(at: 100, members: [F.alice, F.bob]),
            p1, p2, p3, early,
            F.reaction(by: F.bob, at: 220, on: p1),
            F.reaction(by: F.alice, at: 230, on: p2, emoji: "👀"),
            F.reaction(by: F.alice, at: 240, on: p2, emoji: "👀", active: false),
            F.reaction(by: F.carol, at: 360, on: p1, emoji: "🔥"),
            F.members(at: 300, [F.alice, F.bob, F.carol]),
            F.delete(by: F.bob, at: 320, p2),
            F.delete(by: F.carol, at: 330, p1),  // forged: p1 is alice's
            F.members(at: 500, [F.alice, F.bob, F.carol, F.mallory]),
            p4,
        ]
    }

    private func run(_ rumors: [Event]) throws -> EngineOutcome {
        let f = F(me: F.alice)
        for rumor in rumors { try f.deliver(rumor, source: .historical) }
        _ = f.engine.finishSync()
        return try EngineOutcome(f)
    }

    @Test func aSnapshotThatArrivesAfterThePostsItGovernsDecidesWhetherTheyAreShown() throws {
        let f = F(me: F.alice)
        let post = F.post(by: F.bob, at: 450)
        let reaction = F.reaction(by: F.bob, at: 460, on: F.post(by: F.alice, at: 200))
        for rumor in [F.create(at: 100, members: [F.alice, F.bob]), F.post(by: F.alice, at: 200), post, reaction] {
            try f.deliver(rumor, source: .historical)
        }
        let stored = try #require(f.post(post))
        let storedReaction = try #require(f.store.reactions.values.first { $0.key.sender == F.bob })
        #expect(try f.engine.isVisible(stored) && f.engine.isShown(storedReaction))
        // Bob had been removed at 400: in arrival order, the post would never have been accepted.
        try f.deliver(F.members(at: 400, [F.alice]), source: .historical)
        #expect(try !f.engine.isVisible(stored) && !f.engine.isShown(storedReaction))
        // …and re-added at 440, before both.
        try f.deliver(F.members(at: 440, [F.alice, F.bob]), source: .historical)
        #expect(try f.engine.isVisible(stored) && f.engine.isShown(storedReaction))
    }

    @Test func aReactionOnAPostThatIsNotShownIsNotShown() throws {
        let f = F(me: F.alice)
        let post = F.post(by: F.bob, at: 450)
        for rumor in [F.create(at: 100, members: [F.alice, F.bob]), post, F.reaction(by: F.alice, at: 460, on: post)] {
            try f.deliver(rumor, source: .historical)
        }
        let reaction = try #require(f.store.reactions.values.first)
        #expect(try f.engine.isShown(reaction))
        // Bob had been removed before he posted: his post is hidden, and so are the reactions to it.
        try f.deliver(F.members(at: 400, [F.alice]), source: .historical)
        #expect(try !f.engine.isVisible(#require(f.post(post))))
        #expect(try !f.engine.isShown(reaction))
    }

    @Test func aToggleMadeAfterTheSendersRemovalGivesWayToTheNewestOneBefore() throws {
        let post = F.post(by: F.alice, at: 200)
        let on = F.reaction(by: F.bob, at: 300, on: post)
        let off = F.reaction(by: F.bob, at: 450, on: post, active: false)  // after bob's removal at 400
        let removal = F.members(at: 400, [F.alice])
        // In the order they were written the late toggle waits for a membership that never comes;
        // delivered before the removal it is stored, but the toggle shown is still the one before.
        for rumors in [[on, removal, off], [on, off, removal], [off, removal, on], [off, on, removal]] {
            let f = F(me: F.alice)
            for rumor in [F.create(at: 100, members: [F.alice, F.bob]), post] + rumors { try f.deliver(rumor, source: .historical) }
            let reaction = try #require(f.store.reactions.values.first)
            #expect(try f.engine.isShown(reaction), "\(rumors.map(\.createdAt))")
        }
    }

    @Test func aDeleteValidatesOnlyAPostItsSenderCouldSend() throws {
        let f = F(me: F.alice)
        let post = F.post(by: F.bob, at: 200)
        for rumor in [F.create(at: 100, members: [F.alice, F.bob]), F.members(at: 150, [F.alice]), F.delete(by: F.bob, at: 300, post)] {
            try f.deliver(rumor, source: .historical)
        }
        // Bob was not a member at 200: the post waits, as it would without the delete.
        #expect(try f.deliver(post, source: .historical).outcome == .staged("the sender was not a member of the session at that time"))
        #expect(f.store.deletedPosts.isEmpty)
        // Re-added at 180: now the post is his to delete.
        try f.deliver(F.members(at: 180, [F.alice, F.bob]), source: .historical)
        #expect(f.store.deletedPosts.map(\.postID) == [RumorID(post.id)])
        #expect(f.post(post) == nil)
    }

    @Test func everyShuffleWithDuplicatesEndsInTheSameState() throws {
        let rumors = scenario()
        let reference = try run(rumors)
        #expect(reference.posts.count == 3)  // p1, p3, p4 (p2 deleted, early rejected)
        #expect(reference.activeReactions.count == 2)
        #expect(reference.members == [F.alice, F.bob, F.carol, F.mallory])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var delivery = rumors + rumors.filter { _ in Bool.random(using: &generator) }
            delivery.shuffle(using: &generator)
            #expect(try run(delivery) == reference)
        }
    }
}
