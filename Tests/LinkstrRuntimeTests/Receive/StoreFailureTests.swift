import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore
import PluginTesting
import Testing

@testable import LinkstrRuntime

/// A storage failure is thrown by the step where it happens: the sync stops with it, nothing of its
/// batch is stored, and the next sync ingests the same wraps again.
@Suite(.timeLimit(.minutes(1))) struct StoreFailureTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    /// A runtime for a new key on a host of its own (its own memory storage) that uses `relay`.
    func runtime() throws -> AccountRuntime {
        let host = try relay.makeHost(home: scratch.folder(UUID().uuidString))
        return try AccountRuntime(host: host, backend: host.openStorage(), secretKey: .generate())
    }

    @Test func aRecordThatDoesNotDecryptStopsTheSyncAndTheNextSyncIngestsItsWrapsAgain() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let session = try await Sessions.createSession(name: "Links", members: [bob.me], in: alice)
        let post = try await Sessions.post(session.id, url: "https://example.com/talk", note: nil, in: alice)
        // Where Bob's engine looks the session up, a record his key does not open.
        let owner = bob.me.rawBytes
        let damaged = StoredRecord(owner: owner, collection: EngineCollection.session, key: EngineCollection.sessionKey(session.id), value: [1, 2, 3])
        try bob.backend.apply([.put(damaged)])

        let error = await #expect(throws: LinkstrError.self) { try await InboxSync.sync(in: bob) }
        #expect(error?.code == .storage)
        #expect(error?.description.hasPrefix("storage: a stored session record does not decrypt with this account's key") == true, "\(String(describing: error))")
        for collection in [EngineCollection.membership, EngineCollection.post, EngineCollection.seenWrap, EngineCollection.accountState] {
            #expect(try bob.backend.count(owner: owner, collection: collection) == 0, "\(collection) records of the lost batch")
        }

        try bob.backend.apply([.delete(owner: owner, collection: EngineCollection.session, key: damaged.key)])
        let report = try await InboxSync.sync(in: bob)
        #expect(report.received == 2)
        #expect(report.accepted == 2)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob).map(\.post.id) == [post.id])
    }
}
