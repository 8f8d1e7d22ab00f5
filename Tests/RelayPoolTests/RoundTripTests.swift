import Foundation
import LinkstrHost
import NostrCore
import Testing

@Suite("Relay pool: publish and subscribe through real relays", .serialized, .timeLimit(.minutes(1)))
struct RoundTripTests {
    @Test("publish gets OK; a subscription gets stored events, EOSE, then live events (marked new)", arguments: TestRelay.Kind.allCases)
    func publishAndSubscribe(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])

        let author = LocalSigner(keypair: .generate())
        var stored: [Event] = []
        for index in 0..<3 {
            let event = try harness.event(content: "stored \(index)", signer: author)
            let result = try await harness.pool.publish(event, timeout: .seconds(5))
            #expect(result.acceptedBy == [relay.url])
            stored.append(event)
        }

        let messages = Recorder(try harness.pool.subscribe("notes", filters: [Filter(authors: [author.publicKey], kinds: [1])]))
        try await messages.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        #expect(Set(messages.events.map(\.event)) == Set(stored))
        #expect(messages.events.allSatisfy { !$0.isNew })
        #expect(messages.endOfStoredEventsCount(from: relay.url) == 1)

        let live = try harness.event(content: "live", signer: author)
        _ = try await harness.pool.publish(live, timeout: .seconds(5))
        try await messages.wait("the live event") { $0.contains { $0.receivedEvent?.event == live } }
        #expect(messages.events.count == 4)
        #expect(messages.events.last?.isNew == true)
        #expect(harness.state(relay.url)?.status == .connected)
        #expect(harness.state(relay.url)?.malformedFrames == 0)
    }
}
