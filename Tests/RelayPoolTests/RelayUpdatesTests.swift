import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import Testing

@Suite("Relay pool: updates for every listener, answers after a publish returned", .serialized, .timeLimit(.minutes(1)))
struct RelayUpdatesTests {
    @Test("two listeners of the updates each see every status change")
    func everyListenerSeesEveryUpdate() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness()
        let first = Recorder(harness.pool.updates)
        let second = Recorder(harness.pool.updates)
        try await harness.connect([relay.url])
        let connected = RelayUpdate.status(relay: relay.url, .connected, error: nil)
        try await first.wait("the first listener sees the relay connect") { $0.contains(connected) }
        try await second.wait("the second listener sees the relay connect") { $0.contains(connected) }
    }

    @Test("a waiter for a status wakes at the change, not at its deadline; an unmet one returns false at its deadline")
    func waitingForAStatus() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness()
        let started = ContinuousClock.now
        let waiter = Task { await harness.pool.waitForStatuses(until: .now + .seconds(30)) { $0[relay.url] == .connected } }
        try harness.pool.setRelays([RelayConfiguration(url: relay.url)])
        let connected = await waiter.value
        #expect(connected)
        #expect(ContinuousClock.now - started < .seconds(10))
        let failed = await harness.pool.waitForStatuses(until: .now + .milliseconds(300)) { $0[relay.url] == .failed }
        #expect(!failed)
    }

    @Test("two relays, one slow: publish returns at the fast relay's OK with the slow one pending, whose OK then comes as an update")
    func publishReturnsAtTheFirstOK() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let fast = try await TestRelay.start(.rust, scratch: scratch)
        let slow = try await TestRelay.misbehaving("slow-accept", ["--ok-delay", "3"])
        defer { slow.process.kill() }
        let harness = try PoolHarness()
        try await harness.connect([fast.url, slow.url])
        let updates = Recorder(harness.pool.updates)
        let event = try harness.event(content: "quick")

        let started = ContinuousClock.now
        let result = try await harness.pool.publish(event, timeout: .seconds(8))
        #expect(ContinuousClock.now - started < .seconds(2), "the publish waited for the slow relay")
        #expect(result.acceptedBy == [fast.url])
        #expect(result.pendingRelays == [slow.url])

        let late = RelayUpdate.lateAnswer(RelayAnswer(relay: slow.url, accepted: true, message: ""), eventID: event.id.hex)
        try await updates.wait("the slow relay's OK", timeout: .seconds(8)) { $0.contains(late) }
        #expect(harness.pool.stopReporting().isEmpty)
    }

    @Test("a relay that never answers: the publish returns at the other relay's OK, and the silent relay is the one still awaited")
    func silentRelayIsAwaited() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let fast = try await TestRelay.start(.rust, scratch: scratch)
        let silent = try await TestRelay.misbehaving("silent")
        defer { silent.process.kill() }
        let harness = try PoolHarness()
        try await harness.connect([fast.url, silent.url])
        let started = ContinuousClock.now
        let result = try await harness.pool.publish(try harness.event(), timeout: .seconds(8))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(result.pendingRelays == [silent.url])
        #expect(harness.pool.stopReporting() == [silent.url])
    }
}
