import Foundation
import LinkstrRuntime
import NostrCore
import Synchronization
import Testing

@Suite("Remote signer client (NIP-46) against a rust-nostr test bunker", .serialized, .timeLimit(.minutes(1)))
struct RemoteSignerClientTests {
    /// A relay, a test bunker holding a fresh user key on it, and a client pool.
    struct Setup {
        let scratch: TestScratch
        let relay: TestRelay
        let bunker: ExternalProcess
        let link: BunkerLink
        let user: Keypair
        let harness: PoolHarness

        init(_ options: [String] = []) async throws {
            scratch = TestScratch()
            relay = try await TestRelay.start(.rust, scratch: scratch)
            user = Keypair.generate()
            let started = try await TestBunker(relayURL: relay.url, userSecret: user.secretKey.nsec, options)
            bunker = started.process
            link = try BunkerLink(parsing: started.ready)
            harness = try PoolHarness()
        }

        func client(timeout: Duration = .seconds(10), onAuthURL: @escaping @Sendable (String) -> Void = { _ in }) throws -> RemoteSignerClient {
            try RemoteSignerClient(pool: harness.pool, link: link, sessionKey: .generate(), timeout: timeout, onAuthURL: onAuthURL)
        }

        func remove() {
            bunker.stop()
            scratch.remove()
        }
    }

    @Test("connect with the link's secret; the user's key (not the signer's) signs, encrypts and decrypts")
    func everyMethodWorks() async throws {
        let setup = try await Setup(["--secret", "s3cr3t"])
        defer { setup.remove() }
        let link = try BunkerLink(parsing: try await setup.bunker.ready())
        #expect(link.secret == "s3cr3t")
        #expect(link.relays == [setup.relay.url])
        let client = try setup.client()
        defer { client.close() }
        try await client.connect(secret: link.secret)
        let user = try await client.publicKey()
        #expect(user == setup.user.publicKey)
        #expect(user != client.signer)
        try await client.ping()

        let unsigned = UnsignedEvent(pubkey: user, createdAt: 1_714_078_911, kind: 3, tags: [["p", client.signer.hex]], content: "signed \"remotely\" ✓")
        let signed = try await client.sign(unsigned)
        #expect(signed.isValid)
        #expect(signed.unsigned == unsigned)

        let peer = LocalSigner(keypair: .generate())
        let sealed = try await client.nip44Encrypt("to the peer", to: peer.publicKey)
        #expect(try peer.nip44Decrypt(sealed, from: user) == "to the peer")
        let fromPeer = try peer.nip44Encrypt("from the peer", to: user)
        #expect(try await client.nip44Decrypt(fromPeer, from: peer.publicKey) == "from the peer")
        #expect(setup.bunker.stdout.contains("sign_event \(client.sessionPublicKey.hex)"))
    }

    @Test("many requests in flight at once each get their own answer")
    func requestsInFlight() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let client = try setup.client()
        defer { client.close() }
        try await client.connect(secret: nil)
        let peer = LocalSigner(keypair: .generate())
        let payloads = try (0..<24).map { try peer.nip44Encrypt("message \($0)", to: setup.user.publicKey) }
        let started = ContinuousClock.now
        let plaintexts = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, payload) in payloads.enumerated() {
                group.addTask { (index, try await client.nip44Decrypt(payload, from: peer.publicKey)) }
            }
            var results: [Int: String] = [:]
            for try await (index, text) in group { results[index] = text }
            return results
        }
        #expect(plaintexts == Dictionary(uniqueKeysWithValues: (0..<24).map { ($0, "message \($0)") }))
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    @Test("a wrong secret is refused with the signer's reason")
    func wrongSecret() async throws {
        let setup = try await Setup(["--secret", "right"])
        defer { setup.remove() }
        let client = try setup.client()
        defer { client.close() }
        await #expect(throws: RemoteSignerError.refused(method: "connect", message: "invalid secret")) {
            try await client.connect(secret: "wrong")
        }
        await #expect(throws: RemoteSignerError.refused(method: "get_public_key", message: "not connected; send connect first")) {
            try await client.publicKey()
        }
    }

    @Test("a signer that does not answer: each request fails after its time limit, with a clear message")
    func timeout() async throws {
        let setup = try await Setup(["--silent"])
        defer { setup.remove() }
        let client = try setup.client(timeout: .seconds(1))
        defer { client.close() }
        let started = ContinuousClock.now
        do {
            try await client.connect(secret: nil)
            Issue.record("connect succeeded with a silent signer")
        } catch {
            #expect(error == .timeout(method: "connect", seconds: 1, relays: [setup.relay.url]))
            #expect(error.description.contains("did not answer connect within 1 s"))
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        try await waitFor("the bunker saw the request") { setup.bunker.stdout.contains("connect ") }
    }

    /// With `repeats` more challenges to the same request, still only the first is shown.
    @Test("an auth_url challenge is shown once per request, and the same request then gets its answer", arguments: [0, 3])
    func authChallenge(repeats: Int) async throws {
        let setup = try await Setup(["--auth-url", "https://auth.example/approve?r=1", "--auth-repeats", String(repeats)])
        defer { setup.remove() }
        let shown = Mutex<[String]>([])
        let client = try setup.client { url in shown.withLock { $0.append(url) } }
        defer { client.close() }
        try await client.connect(secret: nil)
        let unsigned = UnsignedEvent(pubkey: setup.user.publicKey, createdAt: 1_714_078_911, kind: 0, content: "{}")
        let signed = try await client.sign(unsigned)
        #expect(signed.unsigned == unsigned)
        #expect(shown.withLock { $0 } == ["https://auth.example/approve?r=1"])
    }

    @Test("a signer that answers only with auth_url challenges cannot keep a request waiting: one more time limit, then a timeout")
    func authURLsDoNotExtendTheWaitForEver() async throws {
        let setup = try await Setup(["--auth-url", "https://auth.example/approve?r=3", "--auth-repeats", "-1"])
        defer { setup.remove() }
        let shown = Mutex<[String]>([])
        let client = try setup.client(timeout: .seconds(2)) { url in shown.withLock { $0.append(url) } }
        defer { client.close() }
        try await client.connect(secret: nil)
        let unsigned = UnsignedEvent(pubkey: setup.user.publicKey, createdAt: 1_714_078_911, kind: 0, content: "{}")
        await #expect(throws: RemoteSignerError.timeout(method: "sign_event", seconds: 2, relays: [setup.relay.url])) {
            try await client.sign(unsigned)
        }
        #expect(shown.withLock { $0 } == ["https://auth.example/approve?r=3"])
    }
}
