import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import NostrCore
import PluginABI
import TestSupport
import Testing

@Suite("Relay pool: several relays, late relays, TLS, cancellation", .serialized, .timeLimit(.minutes(1)))
struct PoolBehaviourTests {
    @Test("a relay that comes up late gets the open subscription; the others are not sent it again")
    func lateRelay() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let early = try await TestRelay.start(.rust, scratch: scratch)
        let latePort = FreePort.next()
        let lateURL = "ws://127.0.0.1:\(latePort)"
        let harness = try PoolHarness()
        try harness.pool.setRelays([RelayConfiguration(url: early.url), RelayConfiguration(url: lateURL)])
        try await waitFor("the early relay") { harness.pool.statuses[early.url] == .connected }
        let author = LocalSigner(keypair: .generate())
        let messages = Recorder(try harness.pool.subscribe("both", filters: [Filter(authors: [author.publicKey])]))
        try await messages.wait("EOSE from the early relay") { _ in messages.endOfStoredEventsCount(from: early.url) == 1 }

        let late = try await TestRelay.start(.rust, scratch: scratch, port: latePort)
        let stored = try await ExternalProcess(
            script: "nostr_peer.py",
            ["publish", "--relay", late.url, "--secret", author.keypair.secretKey.exportBytes().map { String(format: "%02x", $0) }.joined()]
        ).finish()
        try await messages.wait("the late relay's event", timeout: .seconds(10)) { $0.compactMap(\.receivedEvent).count == 1 }
        #expect(messages.events.map(\.event) == [try Event(json: stored[0])])
        #expect(messages.events.first?.relay == lateURL)
        #expect(messages.endOfStoredEventsCount(from: early.url) == 1)
    }

    @Test("a publish succeeds when one relay accepts and another cannot be reached")
    func partialSuccess() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let down = "ws://127.0.0.1:\(FreePort.next())"
        let harness = try PoolHarness()
        try harness.pool.setRelays([RelayConfiguration(url: relay.url), RelayConfiguration(url: down)])
        try await waitFor("connected") { harness.pool.statuses[relay.url] == .connected }
        let started = ContinuousClock.now
        let result = try await harness.pool.publish(try harness.event(), timeout: .seconds(8))
        #expect(ContinuousClock.now - started < .seconds(6))  // not the 8 s timeout
        #expect(result.answers == [
            RelayAnswer(relay: relay.url, accepted: true, message: ""),
            RelayAnswer(relay: down, accepted: false, message: "not sent: the relay was not connected"),
        ])
    }

    @Test("publishing an event twice: the second answer (duplicate) counts as accepted", arguments: TestRelay.Kind.allCases)
    func duplicateIsAccepted(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let event = try harness.event()
        _ = try await harness.pool.publish(event)
        let again = try await harness.pool.publish(event)
        #expect(again.acceptedBy == [relay.url])
        #expect(again.answers.first?.message.hasPrefix("duplicate:") == true)
    }

    @Test("wss:// through a TLS proxy with a private CA: trusted with ca_file, refused without")
    func secureWebSocket() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let certificates = try TestCertificates(in: scratch)
        let caFile = certificates.authority
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let proxy = try await TestRelay.tlsProxy(to: relay, certificate: certificates.certificate, key: certificates.key)
        #expect(proxy.url.hasPrefix("wss://"))

        let trusting = try PoolHarness(settings: ["ca_file": caFile])
        try await trusting.connect([proxy.url])
        let event = try trusting.event()
        #expect(try await trusting.pool.publish(event).acceptedBy == [proxy.url])
        let messages = Recorder(try trusting.pool.subscribe("tls", filters: [Filter(ids: [event.id])]))
        try await messages.wait("the event over TLS") { $0.contains { $0.receivedEvent?.event == event } }

        let system = try PoolHarness(settings: ["reconnect_min_ms": "5000", "reconnect_max_ms": "5000"])
        try system.pool.setRelays([RelayConfiguration(url: proxy.url)])
        try await waitFor("the untrusted relay failed") { system.state(proxy.url)?.status == .failed }
        #expect(system.state(proxy.url)?.error?.contains("TLS failed") == true)
        #expect(system.state(proxy.url)?.error?.contains("set ca_file") == true)
    }

    @Test("cancelling the publishing task cancels the publish at once")
    func cancelPublish() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--never-ok"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let event = try harness.event()
        let publish = Task { try await harness.pool.publish(event, timeout: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(200))
        publish.cancel()
        let error = await #expect(throws: PublishError.self) { try await publish.value }
        #expect(error?.status == .cancelled)
    }

    @Test("destroying the transport completes a pending publish with LKH_E_CANCELLED before destroy returns")
    func destroyWithPendingPublish() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--never-ok"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let publish = Task { try await harness.pool.publish(try harness.event(), timeout: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(200))
        harness.instance.destroy()
        let error = await #expect(throws: PublishError.self) { try await publish.value }
        #expect(error?.status == .cancelled)
        #expect(error?.message == "the transport was shut down before the relays answered")
    }

    @Test("removing and disabling relays reports them disabled; describe lists the pool in order")
    func relayListChanges() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let first = try await TestRelay.start(.rust, scratch: scratch)
        let second = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([first.url, second.url])
        #expect(harness.pool.relayStates().map(\.url) == [first.url, second.url])

        try harness.pool.setRelays([
            RelayConfiguration(url: second.url, read: false, write: false), RelayConfiguration(url: "ws://127.0.0.1:1", read: true, write: false),
        ])
        try await waitFor("first removed") { harness.pool.statuses[first.url] == .disabled }
        let states = harness.pool.relayStates()
        #expect(states.map(\.url) == [second.url, "ws://127.0.0.1:1"])
        #expect(states.first?.status == .disabled)
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event()) }
        #expect(error?.status == .unavailable)

        try harness.pool.setRelays([RelayConfiguration(url: second.url)])
        try await waitFor("second enabled again") { harness.pool.statuses[second.url] == .connected }
    }
}
