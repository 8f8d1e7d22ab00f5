import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import Testing

/// The runtime's side of a publish that returns at the first OK: the slower relays' answers are
/// recorded for `relay list` as they come, while the account stays open.
@Suite("Runtime: answers after a post returned", .serialized, .timeLimit(.minutes(1)))
struct LateAnswerRecordingTests {
    @Test("a post returns at the fast relay's OK; the slow relay's OK, seconds later, becomes its last OK in the relay list")
    func slowRelaysOKIsRecorded() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let fast = try await TestRelay.start(.rust, scratch: scratch)
        let slow = try await TestRelay.misbehaving("slow-accept", ["--ok-delay", "3"])
        defer { slow.process.kill() }
        _ = scratch.folder("alice")
        _ = scratch.write("alice/config.toml", "relays = [\"\(fast.url)\", \"\(slow.url)\"]\nnotifiers = []\n")
        let configuration = RuntimeConfiguration(home: scratch.file("alice"), environment: ["HOME": scratch.path])
        let app = LinkstrApp(configuration)
        _ = try app.accounts().save(.generate(), name: "alice", keyStore: .plain, now: 1_750_000_000)
        let alice = try app.account()
        let session = try await Sessions.createSession(name: "Links", members: [], in: alice.runtime)

        let started = ContinuousClock.now
        _ = try await Sessions.post(session.id, url: "https://example.com/quick", note: nil, in: alice.runtime)
        #expect(ContinuousClock.now - started < .seconds(2), "the post waited for the slow relay")

        try await waitFor("the slow relay's OK in the relay list", timeout: .seconds(10)) {
            let entry = try? alice.runtime.relays.list().first { $0.url == slow.url }
            return entry?.lastOKAt != nil && entry?.error == nil
        }
        let fastEntry = try #require(try alice.runtime.relays.list().first { $0.url == fast.url })
        #expect(fastEntry.lastOKAt != nil && fastEntry.error == nil)
        await app.close()
        // Every answer came: nothing is recorded as missing when the account closes.
        let reopened = LinkstrApp(configuration)
        #expect(try reopened.account().runtime.relays.list().first { $0.url == slow.url }?.error == nil)
        await reopened.close()
    }
}
