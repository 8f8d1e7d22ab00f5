import Foundation
import PluginTesting
import Testing

/// Ctrl-C during `linkstr sync`: what arrived is stored and the command says so, instead of dying
/// silently with the batch unstored.
@Suite("End to end: an interrupted sync", .timeLimit(.minutes(1)))
struct InterruptedSyncTests {
    @Test("SIGINT while a relay stalls mid-history: exit 130, 'stopped; N received wraps are stored', and the feed holds them")
    func interruptedSyncKeepsWhatArrived() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let peer = Peer.generate()
        let session = IPhone.token()
        let start = Int64(Date().timeIntervalSince1970) - 1_000
        let home = try LinkstrHome.create(scratch, "alice", relays: ["ws://127.0.0.1:1"])
        var messages = [peer.message(IPhone.sessionCreate(session, name: "Stalled", members: [peer.pubkey, home.pubkey], at: start), to: [home.pubkey], at: start)]
        for index in 0..<5 {
            let time = start + 1 + Int64(index)
            messages.append(peer.message(IPhone.root(session, url: "https://example.com/\(index)", at: time), to: [home.pubkey], at: time))
        }
        let built = try await PeerScript.build(messages, scratch: scratch)
        let events = scratch.write("wraps.jsonl", built.flatMap(\.wraps).joined(separator: "\n") + "\n")
        // It sends the wraps, then half a frame, then nothing: the sync waits for the page's end.
        let relay = try await TestRelay.misbehaving("half-frame", ["--event-file", events])
        scratch.write("alice/config.toml", "relays = [\"\(relay.url)\"]\n")

        let sync = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["sync", "--timeout", "40", "--home", home.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
        // Connected, the wraps ingested, waiting for the rest of the page (it would time out after 15 s).
        try await Task.sleep(for: .seconds(6))
        #expect(sync.isRunning, "the sync ended before the interrupt: \(sync.stderr)")
        sync.signal(SIGINT)
        _ = try? await sync.finish()
        #expect(sync.exit == .exited(130), "\(sync.stderr)")
        #expect(sync.stderr.hasSuffix("linkstr: stopped; 6 received wraps are stored (6 accepted), the rest comes with the next sync\n"), "\(sync.stderr)")
        #expect(try home.feed(session).count == 5)
    }
}
