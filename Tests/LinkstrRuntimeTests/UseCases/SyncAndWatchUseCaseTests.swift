import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import ServiceLifecycle
import TestSupport
import Testing

/// The logic of `sync` and `watch` through the composition root, in process: the counts of each
/// sync, what happens without relays, and the watch service's catch-up and live changes.
@Suite(.timeLimit(.minutes(1))) struct SyncAndWatchUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func eachSyncCountsOnlyTheWrapsItAccepted() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        let bob = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop(); bob.host.stop() }
        let session = try await Sessions.createSession(name: "Links", members: [bob.runtime.me], in: alice.runtime)
        _ = try await Sessions.post(session.id, url: "https://example.com/1", note: nil, in: alice.runtime)

        let first = try await InboxSync.sync(in: bob.runtime)
        // The relay returns the wraps in any order (their times are randomised): the post may wait
        // for its session in staging first, so `staged` is 0 or 1.
        #expect(first.received == 2 && first.accepted == 2 && first.rejected == 0, "\(first)")
        #expect(first.relays == [FakeRelay.defaultURL])
        let nothingNew = try await InboxSync.sync(in: bob.runtime)
        #expect(nothingNew.accepted == 0 && nothingNew.rejected == 0)
        _ = try await Sessions.post(session.id, url: "https://example.com/2", note: nil, in: alice.runtime)
        let second = try await InboxSync.sync(in: bob.runtime)
        #expect(second.accepted == 1)
        #expect(printed(JSONRecords.SyncCounts(second))["accepted"] as? Int == 1)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob.runtime).count == 2)
    }

    @Test func aWrapThatIsNotForTheAccountIsRejectedOnceAndNotCountedAgain() async throws {
        defer { scratch.remove() }
        let bob = try InProcessHome.account(scratch, relay: relay)
        defer { bob.host.stop() }
        // A gift wrap addressed to Bob whose content no key of his opens.
        let stranger = LocalSigner(keypair: .generate())
        let unsigned = UnsignedEvent(
            pubkey: stranger.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: 1059, tags: [["p", bob.runtime.me.hex]],
            content: "not encrypted")
        relay.inject(try stranger.sign(unsigned))

        let first = try await InboxSync.sync(in: bob.runtime)
        #expect(first.rejected == 1 && first.accepted == 0)
        let again = try await InboxSync.sync(in: bob.runtime)
        #expect(again.rejected == 0)
    }

    @Test func aSyncWithEveryRelayDisabledFailsSayingHowToEnableOne() async throws {
        defer { scratch.remove() }
        let bob = try InProcessHome.account(scratch, relay: relay)
        defer { bob.host.stop() }
        try bob.runtime.relays.setEnabled(FakeRelay.defaultURL, false)
        let error = await #expect(throws: LinkstrError.self) { try await InboxSync.sync(in: bob.runtime) }
        #expect(error?.code == .failed)
        #expect(error?.description.contains("linkstr relay enable") == true)
    }

    @Test func aSyncWhoseOnlyRelayIsDownFailsAndRecordsWhy() async throws {
        defer { scratch.remove() }
        let bob = try InProcessHome.account(scratch, relay: relay)
        defer { bob.host.stop() }
        relay.setBehaviour(.down(reason: "connection refused"), for: FakeRelay.defaultURL)
        await #expect(throws: LinkstrError.self) { try await InboxSync.sync(timeout: .milliseconds(200), in: bob.runtime) }
        let entry = try bob.runtime.relays.list().first
        #expect(entry?.status == "failed" && entry?.error == "connection refused")
    }

    @Test func theWatchServicePublishesTheCatchUpThenLiveChangesAndStopsCleanly() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        let bobApp = try InProcessHome.app(scratch, relay: relay)
        let bob = try bobApp.account()
        defer { alice.host.stop() }
        let session = try await Sessions.createSession(name: "Live", members: [bob.runtime.me], in: alice.runtime)

        let watch = WatchService(account: bob, timeout: .seconds(5))
        let services = bob.serviceGroup([watch])
        let running = Task { try await services.run() }
        var events = watch.events.makeAsyncIterator()
        var catchUp: [WatchEvent] = []
        while let event = await events.next(), event != .caughtUp { catchUp.append(event) }
        #expect(catchUp.contains { if case .change(.session(let received)) = $0 { received.id == session.id } else { false } })

        let post = try await Sessions.post(session.id, url: "https://example.com/live", note: nil, in: alice.runtime)
        var live: WatchEvent?
        while let event = await events.next() {
            if case .change(.post) = event { live = event; break }
        }
        guard case .change(.post(let published))? = live else {
            Issue.record("no live post; got \(String(describing: live))")
            return
        }
        #expect(published.id == post.id)
        let names = await Sessions.names(for: .post(published), in: bob.runtime)
        #expect(names.session == "Live" && names.me == bob.runtime.me)
        #expect(names.people.keys.sorted { $0.hex < $1.hex } == [alice.runtime.me])
        #expect(printed(JSONRecords.change(.post(published)))["type"] as? String == "post")

        await services.triggerGracefulShutdown()
        while await events.next() != nil {}
        try await running.value
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob.runtime).map(\.post.id) == [post.id])
        await bobApp.close()
    }
}
