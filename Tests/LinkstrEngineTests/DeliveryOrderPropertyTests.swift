import Foundation
import LinkstrEngine
import PropertyBased
import Testing

/// Any delivery of the same set of wraps — shuffled, duplicated, split across syncs, restarts and
/// crashes — shows the same session, members, feed and reactions as delivering them once, in the
/// order they were written, and stores no less. `LINKSTR_PROPERTY_COUNT` sets how many histories a run generates
/// (default 300; the long run: `LINKSTR_PROPERTY_COUNT=20000 swift test --filter DeliveryOrderPropertyTests`).
@Suite struct DeliveryOrderPropertyTests {
    static let count = ProcessInfo.processInfo.environment["LINKSTR_PROPERTY_COUNT"].flatMap(Int.init) ?? 300

    static let cases = Generator<(GeneratedHistory, DeliveryPlan), Shrink.None<(GeneratedHistory, DeliveryPlan)>> { rng in
        let history = GeneratedHistory.random(using: &rng)
        return (history, DeliveryPlan.random(rumorCount: history.rumors.count, using: &rng))
    }

    @Test func everyDeliveryOfTheSameWrapsEndsInTheSameState() async throws {
        await propertyCheck(count: Self.count, input: Self.cases) { history, plan in
            let written = history.rumors.indices.sorted { history.rumors[$0].rumor.createdAt < history.rumors[$1].rumor.createdAt }
            let reference = try DeliveryPlan(syncs: [.init(deliveries: written, end: .finished)]).deliver(history)
            let outcome = try plan.deliver(history)
            let context = "history: \(history)\nplan: \(plan)\noutcome: \(outcome)\nreference: \(reference)"
            // What the person sees: the same, whatever the delivery.
            #expect(
                outcome.sessionName == reference.sessionName && outcome.members == reference.members && outcome.feed == reference.feed
                    && outcome.shownReactions == reference.shownReactions,
                "\(context)")
            // What is stored may hold more, never less, and only what is not shown: a post or a
            // reaction toggle accepted under the snapshots known when it arrived stays stored when an
            // older snapshot arrives later and shows that its sender was not a member then (the
            // engine keeps no rumor to let it wait again); its author may delete such a post (the
            // delete watermark stays), and a reaction's newest stored toggle may be one not shown.
            #expect(outcome.posts.isSuperset(of: reference.posts), "\(context)")
            #expect(outcome.posts.subtracting(reference.posts).isDisjoint(with: outcome.feed), "\(context)")
            #expect(outcome.deletedPosts.isSuperset(of: reference.deletedPosts), "\(context)")
            #expect(outcome.deletedPosts.subtracting(reference.deletedPosts).isDisjoint(with: reference.posts), "\(context)")
        }
    }
}
