import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import Synchronization
import Testing

@Suite("Relay pool: the linkstr subscriptions and the paged gift-wrap backfill", .serialized, .timeLimit(.minutes(1)))
struct BackfillTests {
    /// `count` wrap-shaped events (kind 1059, `#p` = `account`, one-time keys) spread over the last
    /// `count / 3` seconds, three per second, so pages end in the middle of a second.
    private static func wraps(_ count: Int, to account: PublicKey, harness: PoolHarness) throws -> [Event] {
        let now = Int64(Date().timeIntervalSince1970)
        return try (0..<count).map { index in
            try harness.event(kind: 1059, content: "wrap \(index)", tags: [["p", account.hex]], createdAt: now - Int64(index / 3) - 100)
        }
    }

    /// Publishes `events` 32 at a time.
    private static func seed(_ events: [Event], through pool: RelayClient) async throws {
        for start in stride(from: 0, to: events.count, by: 32) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for event in events[start..<min(start + 32, events.count)] {
                    group.addTask { _ = try await pool.publish(event, timeout: .seconds(10)) }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test(
        "paged backfill gets every wrap exactly once",
        arguments: [
            // rust-nostr's relay with more wraps than one 500-event page holds
            (TestRelay.Kind.rust, [String](), 1_100, 500),
            // nostr-relay capping every REQ at 40 events: short pages that are not the end
            (.nostrRelay, ["--max-limit", "40"], 130, 500),
        ])
    func pagedBackfill(kind: TestRelay.Kind, options: [String], count: Int, pageSize: Int) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch, options)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let account = harness.account.publicKey
        let wraps = try Self.wraps(count, to: account, harness: harness)
        try await Self.seed(wraps, through: harness.pool)
        // Noise that must not come back: another recipient's wrap.
        _ = try await harness.pool.publish(try harness.event(kind: 1059, tags: [["p", Keypair.generate().publicKey.hex]]))

        let delivered = Mutex<[EventID]>([])
        let summary = try await harness.pool.backfill(GiftWrapBackfill(account: account, pageSize: pageSize)) { received in
            delivered.withLock { $0.append(received.event.id) }
        }
        let ids = delivered.withLock { $0 }
        #expect(ids.count == count)
        #expect(Set(wraps.map(\.id)).subtracting(ids).count == 0)
        #expect(summary.events == count)
        #expect(summary.pages >= (kind == .rust ? 3 : 4))
        #expect(summary.timedOutPages == 0)
        #expect(summary.relays == [relay.url])
    }

    @Test("two relays with different, overlapping histories: every wrap once, paging steered by the relay with more")
    func twoRelays() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let big = try await TestRelay.start(.rust, scratch: scratch)
        let small = try await TestRelay.start(.rust, scratch: scratch, ["--max-limit", "100"])
        let harness = try PoolHarness()
        let account = harness.account.publicKey
        let wraps = try Self.wraps(900, to: account, harness: harness)
        for (relay, range) in [(big, 0..<700), (small, 500..<900)] {
            let seeder = try PoolHarness()
            try await seeder.connect([relay.url])
            try await Self.seed(Array(wraps[range]), through: seeder.pool)
        }
        try await harness.connect([big.url, small.url])
        let delivered = Mutex<[EventID]>([])
        let summary = try await harness.pool.backfill(GiftWrapBackfill(account: account)) { received in
            delivered.withLock { $0.append(received.event.id) }
        }
        let ids = delivered.withLock { $0 }
        #expect(ids.count == 900)
        #expect(Set(wraps.map(\.id)).subtracting(ids).isEmpty)
        #expect(summary.relays == [big.url, small.url].sorted())
        #expect(summary.duplicates > 0)
    }

    @Test("the live gift-wrap subscription delivers a wrap backdated by a day (since = now − 2 days − 1 hour)")
    func liveBackdatedWrap() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let now = Int64(Date().timeIntervalSince1970)
        let account = harness.account.publicKey
        let live = Recorder(try harness.pool.subscribeGiftWraps(to: account, now: now))
        try await live.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        let backdated = try harness.event(kind: 1059, content: "late", tags: [["p", account.hex]], createdAt: now - 86_400)
        _ = try await harness.pool.publish(backdated)
        try await live.wait("the backdated wrap") { $0.contains { $0.receivedEvent?.event == backdated } }
    }

    @Test("the live subscription and the backfill share a deduplicator: each wrap reaches the host once")
    func sharedDeduplicator() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let account = harness.account.publicKey
        let wraps = try Self.wraps(12, to: account, harness: harness)
        try await Self.seed(wraps, through: harness.pool)
        let deduplicator = EventDeduplicator()
        let live = Recorder(try harness.pool.subscribeGiftWraps(to: account, now: Int64(Date().timeIntervalSince1970), deduplicator: deduplicator))
        try await live.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        let summary = try await harness.pool.backfill(GiftWrapBackfill(account: account), deduplicator: deduplicator) { _ in }
        #expect(live.events.count == 12)
        #expect(summary.events == 0)
        #expect(summary.duplicates >= 12)  // page boundaries are asked for twice
    }

    @Test("the follow-list subscription gets the account's newest kind 3")
    func followList() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.nostrRelay, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let contact = Keypair.generate().publicKey
        let list = try harness.event(kind: 3, content: "", tags: [["p", contact.hex]], signer: harness.account)
        _ = try await harness.pool.publish(list)
        let messages = Recorder(try harness.pool.subscribeFollowList(of: harness.account.publicKey))
        try await messages.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        #expect(messages.events.map(\.event) == [list])
    }
}
