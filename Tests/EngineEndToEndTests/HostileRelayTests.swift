import Foundation
import Testing

/// A sync where one relay misbehaves while another holds the history: the good relay's wraps are
/// all accepted, once each, and the misbehaving relay is named with what went wrong.
@Suite("End to end: a hostile relay during a sync", .timeLimit(.minutes(1)))
struct HostileRelayTests {
    @Test("a relay that stops in the middle of a frame: the sync ends at its timeout with every wrap once, and `relay list` names the relay")
    func stallInTheMiddleOfAFrame() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let me = try LinkstrHome.create(scratch, "me", relays: [relay.url])
        let peer = Peer.generate()
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 1_000
        var messages = [peer.message(IPhone.sessionCreate(session, name: "Stalled", members: [peer.pubkey, me.pubkey], at: start), to: [me.pubkey], at: start)]
        for index in 0..<20 {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [me.pubkey], at: time))
        }
        let built = try await PeerScript.send(messages, relay: relay.url, scratch: scratch)

        // The stalling relay holds the first half of the same wraps (newest first, as relays answer),
        // then sends the first bytes of one more frame and nothing else.
        let wraps = built.flatMap(\.wraps)
        let file = scratch.write("half.jsonl", wraps.prefix(wraps.count / 2).reversed().joined(separator: "\n") + "\n")
        let stalled = try await TestRelay.misbehaving("half-frame", ["--event-file", file])
        defer { stalled.process.kill() }
        try me.ok(["relay", "add", stalled.url])

        let started = ContinuousClock.now
        let result = try me.run(["sync", "--timeout", "3", "--json"])
        #expect(ContinuousClock.now - started < .seconds(20), "the sync waited for the rest of the frame")
        #expect(result.status == 0, "\(result.stderr)")
        let counts = try JSONDecoder().decode(SyncCounts.self, from: Data(result.stdout.utf8))
        #expect(counts.accepted == messages.count && counts.rejected == 0, "\(counts)")
        #expect(try me.feed(session).count == 20)
        let rows = try me.json([RelayRow].self, ["relay", "list"])
        let row = try #require(rows.first { $0.url == stalled.url })
        #expect(row.error?.contains("did not finish") == true, "\(row) \(result.stderr)")
        #expect(result.stderr.contains(stalled.url), "the sync did not say which relay stalled: \(result.stderr)")
        // A second sync brings nothing twice.
        #expect(try me.json(SyncCounts.self, ["sync", "--timeout", "3"]).accepted == 0)
        #expect(try me.feed(session).count == 20)
    }
}
