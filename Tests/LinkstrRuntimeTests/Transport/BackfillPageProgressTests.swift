import NostrCore
import Testing

@testable import LinkstrHost
@testable import LinkstrRuntime

/// The bookkeeping of one backfill page, which decides where the next page starts.
@Suite struct BackfillPageProgressTests {
    private func id(_ byte: UInt8) -> EventID { EventID(bytes: [UInt8](repeating: byte, count: 32))! }

    @Test func whatARelaySendsAfterItsEOSEDoesNotMoveWhereItsNextPageStarts() {
        let progress = BackfillPageProgress(waitFor: ["wss://a", "wss://b"])
        #expect(!progress.record(.duplicate(relay: "wss://a", id: id(1), createdAt: 1_000)))
        #expect(!progress.record(.endOfStoredEvents(relay: "wss://a")))
        // A new wrap, created_at randomised far back (NIP-59), while relay b is still sending.
        #expect(!progress.record(.duplicate(relay: "wss://a", id: id(2), createdAt: 10)))
        #expect(!progress.record(.duplicate(relay: "wss://b", id: id(3), createdAt: 500)))
        #expect(progress.record(.endOfStoredEvents(relay: "wss://b")))
        // And after the whole page is done.
        #expect(progress.record(.duplicate(relay: "wss://b", id: id(4), createdAt: 1)))

        let result = progress.result
        #expect(result.counts == ["wss://a": 1, "wss://b": 1])
        #expect(result.oldest == ["wss://a": 1_000, "wss://b": 500])
        #expect(result.duplicates == 2)
        #expect(result.finished == ["wss://a", "wss://b"])
    }

    @Test func aRelayThatClosesTheSubscriptionHasFinished() {
        let progress = BackfillPageProgress(waitFor: ["wss://a", "wss://b"])
        #expect(!progress.record(.closed(relay: "wss://a", message: "auth-required: sign in first")))
        #expect(!progress.record(.rejected(relay: "wss://a", reason: "late")))
        #expect(progress.record(.endOfStoredEvents(relay: "wss://b")))
        #expect(progress.result.rejected == 0)
    }
}
