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
        let session = try await alice.runtime.createSession(name: "Links", members: [bob.runtime.me]).id
        _ = try await bob.runtime.sync()

        let first = try await bob.runtime.storedChanges(after: nil)
        #expect(first.changes.isEmpty, "the session stored before the reader began is not news: \(first.changes)")
        #expect(try await bob.runtime.storedChanges(after: first.cursor).changes.isEmpty)

        for number in 1...3 { _ = try await alice.runtime.post(session, url: "https://example.com/\(number)", note: nil) }
        _ = try await bob.runtime.sync()
        let read = try await bob.runtime.storedChanges(after: first.cursor)
        #expect(read.changes.filter { $0.kind == .post } == [StoredChange(kind: .post, session: session)], "\(read.changes)")
        #expect(try await bob.runtime.storedChanges(after: read.cursor).changes.isEmpty, "read twice")
    }
}
