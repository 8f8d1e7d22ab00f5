import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import Testing

@Suite("Relay pool: a reader that falls behind holds the relay back", .serialized, .timeLimit(.minutes(2)))
struct BackPressureTests {
    /// The 50 000-frame flood of the fault tests, read only after a pause.
    @Test("a flood nobody reads for a while: the queue stops at its high water mark and the relay pauses; then every event arrives once")
    func floodWhileTheReaderPauses() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let harness = try PoolHarness()
        let author = LocalSigner(keypair: .generate())
        let events = try (0..<25_000).map { try harness.event(content: "flood \($0)", signer: author) }
        let frames = (events + events).map { $0.jsonString() }.shuffled()
        let file = scratch.write("flood.jsonl", frames.joined(separator: "\n") + "\n")
        let relay = try await TestRelay.misbehaving("accept", ["--event-file", file])
        defer { relay.process.kill() }
        try await harness.connect([relay.url])
        let deduplicator = EventDeduplicator(capacity: 1_000_000)
        let stream = try harness.pool.subscribe("flood", filters: [Filter(kinds: [1])], deduplicator: deduplicator)

        // Nobody reads: the pool takes frames up to the high water mark, then asks the relay
        // connection to wait (LKH_E_BUSY), and takes no more.
        try await waitFor("the queue to fill", timeout: .seconds(30)) { harness.pool.queuedMessages("flood") >= RelayClient.queueHighWater }
        try await Task.sleep(for: .seconds(2))
        #expect(harness.pool.queuedMessages("flood") == RelayClient.queueHighWater)
        #expect(harness.state(relay.url)?.events == RelayClient.queueHighWater)

        let messages = Recorder(stream)
        try await messages.wait("EOSE after the flood", timeout: .seconds(60)) { $0.contains(where: \.isEndOfStoredEvents) }
        let delivered = messages.events.map(\.event.id)
        #expect(delivered.count == events.count)
        #expect(Set(delivered) == Set(events.map(\.id)))
        #expect(messages.all.filter { if case .duplicate = $0 { true } else { false } }.count == events.count)
        #expect(harness.pool.queuedMessages("flood") == 0)
        #expect(harness.state(relay.url)?.status == .connected)
    }
}
