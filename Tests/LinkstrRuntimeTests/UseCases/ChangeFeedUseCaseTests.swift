import Foundation
import LinkstrEngine
import LinkstrRuntime
import PluginTesting
import Testing

/// The change feed, in process: what Bob's sync stores is there for a reader that does not watch
/// (the app while another process watches), once, one record per session and kind of change.
@Suite(.timeLimit(.minutes(1))) struct ChangeFeedUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test("a sync's changes reach a reader after its cursor, once, one per session and kind; what was stored before its first read does not")
    func aSyncsChangesAreReadOnce() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        let bob = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop(); bob.host.stop() }
        let session = try await Sessions.createSession(name: "Links", members: [bob.runtime.me], in: alice.runtime).id
        _ = try await InboxSync.sync(in: bob.runtime)

        let first = try await ChangeFeed.storedChanges(after: nil, in: bob.runtime)
        #expect(first.changes.isEmpty, "the session stored before the reader began is not news: \(first.changes)")
        #expect(try await ChangeFeed.storedChanges(after: first.cursor, in: bob.runtime).changes.isEmpty)

        for number in 1...3 { _ = try await Sessions.post(session, url: "https://example.com/\(number)", note: nil, in: alice.runtime) }
        _ = try await InboxSync.sync(in: bob.runtime)
        let read = try await ChangeFeed.storedChanges(after: first.cursor, in: bob.runtime)
        #expect(read.changes.filter { $0.kind == .post } == [StoredChange(kind: .post, session: session)], "\(read.changes)")
        #expect(try await ChangeFeed.storedChanges(after: read.cursor, in: bob.runtime).changes.isEmpty, "read twice")
    }
}
