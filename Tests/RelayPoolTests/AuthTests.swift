import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import NostrCore
import Testing

@Suite("Relay pool: NIP-42 authentication through the host's signer service", .serialized, .timeLimit(.minutes(1)))
struct AuthTests {
    @Test("auth-required on a publish: AUTH signed by the host's signer, then the publish succeeds")
    func publishAfterAuth() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--auth", "write"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let event = try harness.event(signer: harness.account)
        let result = try await harness.pool.publish(event, timeout: .seconds(5))
        #expect(result.acceptedBy == [relay.url])
        #expect(harness.log.contains { $0.contains("\(relay.url): sent NIP-42 AUTH; retrying 1 request(s)") })
        // The relay accepted the AUTH (rust-nostr answers it with OK) and the relay stays writable.
        try await waitFor("AUTH accepted") { harness.log.contains { $0.contains("NIP-42 authentication accepted") } }
        #expect(harness.state(relay.url)?.status == .connected)
        let second = try await harness.pool.publish(try harness.event(content: "again"), timeout: .seconds(5))
        #expect(second.acceptedBy == [relay.url])
    }

    @Test("auth-required on a subscription (CLOSED): AUTH, then the subscription is sent again and served")
    func subscribeAfterAuth() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--auth", "read"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let author = LocalSigner(keypair: .generate())
        let event = try harness.event(signer: author)
        _ = try await harness.pool.publish(event, timeout: .seconds(5))
        // (Not an `ids` filter: rust-nostr's relay ends those with CLOSED once it found them all.)
        let messages = Recorder(try harness.pool.subscribe("guarded", filters: [Filter(authors: [author.publicKey])]))
        try await messages.wait("the event and EOSE after AUTH") {
            $0.contains { $0.receivedEvent?.event == event } && $0.contains(where: \.isEndOfStoredEvents)
        }
        #expect(messages.all.filter { if case .closed = $0 { true } else { false } } == [])
    }

    @Test("without a signer service the refusal is final, says why, and the relay becomes read-only")
    func noSigner() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--auth", "write"])
        let harness = try PoolHarness(offersSigner: false)
        try await harness.connect([relay.url])
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event(), timeout: .seconds(5)) }
        #expect(error?.status == .permission)
        #expect(error?.message.contains("auth-required:") == true)
        #expect(error?.message.contains("NIP-42 AUTH not possible: the host offers no signer service") == true)
        #expect(harness.state(relay.url)?.status == .readOnly)
    }

    @Test("nostr-relay answers restricted (with an empty OK id) before AUTH; AUTH and one retry get the event in")
    func nostrRelayRestricted() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let account = LocalSigner(keypair: .generate())
        let relay = try await TestRelay.start(.nostrRelay, scratch: scratch, ["--auth", account.publicKey.hex])
        let harness = try PoolHarness(account: account)
        try await harness.connect([relay.url])
        let event = try harness.event(signer: account)
        let result = try await harness.pool.publish(event, timeout: .seconds(10))
        #expect(result.acceptedBy == [relay.url])
        #expect(harness.log.contains { $0.contains("sent NIP-42 AUTH") })
    }
}
