import Foundation
import NostrCore
import Testing

/// What `linkstr signer serve` gives strangers and replays: a bare NIP-46 client
/// (`nip46_raw_client.py`) sends what rust-nostr's client never would.
@Suite("End to end: the bunker against strangers, stale requests, replays and broken templates", .serialized, .timeLimit(.minutes(2)))
struct SignerServeHardeningTests {
    /// The requests sent and the answers that came back (each decrypted answer object).
    struct Exchange {
        var sent: Int
        var answers: [[String: Any]]

        func answer(_ id: String) -> [String: Any]? { answers.first { $0["id"] as? String == id } }
    }

    static func send(
        _ relay: TestRelay, _ link: String, as app: SecretKey, _ requests: [String], age: Int = 0, save: String? = nil, resend: String? = nil,
        wait: Double = 4
    ) async throws -> Exchange {
        var arguments = [
            "--relay", relay.url, "--bunker", String(link.dropFirst("bunker://".count).prefix(64)),
            "--app-secret", app.exportBytes().map { String(format: "%02x", $0) }.joined(), "--age", String(age), "--wait", String(wait),
        ]
        if let save { arguments += ["--save", save] }
        if let resend { arguments += ["--resend", resend] }
        let process = try ExternalProcess(script: "nip46_raw_client.py", arguments + requests)
        let lines = try await process.finish(timeout: .seconds(wait * 3 + 20))
        let answers = lines.filter { $0.hasPrefix("ANSWER ") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.dropFirst("ANSWER ".count).utf8)) as? [String: Any]
        }
        return Exchange(sent: lines.filter { $0.hasPrefix("SENT ") }.count, answers: answers)
    }

    /// The configured secret: kept across restarts, and long enough for any check of its strength.
    static let secret = "5e1f0c3a9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f"

    static func request(_ id: String, _ method: String, _ params: [String]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params], options: [.withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func template(kind: Int = 1, tags: String = "[]") -> String {
        "{\"kind\":\(kind),\"content\":\"hello\",\"tags\":\(tags),\"created_at\":\(Int(Date().timeIntervalSince1970))}"
    }

    @Test("a stranger is answered only connect and ping; a request dated a minute ago, and a replay — also after a restart — get nothing; a broken template is refused, not signed")
    func strangersStaleRequestsReplaysAndBrokenTemplates() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url], config: "[signer]\nsecret = \"\(Self.secret)\"\n")
        var serve = try await SignerServeTests.Serve(alice, ["--allow", "sign_event:1"])
        let bunkerHex = String(serve.link.dropFirst("bunker://".count).prefix(64))
        let app = SecretKey.generate()

        let stranger = try await Self.send(
            relay, serve.link, as: app, [Self.request("s1", "sign_event", [Self.template()]), Self.request("p1", "ping", [])])
        #expect(stranger.sent == 2)
        #expect(stranger.answer("p1")?["result"] as? String == "pong", "\(stranger.answers)")
        #expect(stranger.answer("s1") == nil, "an unknown key gets no answer to sign_event: \(stranger.answers)")

        let connected = try await Self.send(relay, serve.link, as: app, [Self.request("c1", "connect", [bunkerHex, Self.secret, "sign_event:1"])])
        #expect(connected.answer("c1")?["result"] as? String == "ack", "\(connected.answers)")

        let stale = try await Self.send(relay, serve.link, as: app, [Self.request("old", "sign_event", [Self.template()])], age: 120)
        #expect(stale.answers.isEmpty, "a request dated two minutes ago is dropped: \(stale.answers)")

        let broken = try await Self.send(relay, serve.link, as: app, [
            Self.request("t1", "sign_event", [Self.template(tags: "[[1,2]]")]), Self.request("t2", "sign_event", [Self.template(kind: 70_000)]),
        ])
        #expect((broken.answer("t1")?["error"] as? String)?.contains("tags must be a list of lists of strings") == true, "\(broken.answers)")
        #expect((broken.answer("t2")?["error"] as? String)?.contains("kind 70000 is out of range") == true, "\(broken.answers)")
        #expect(broken.answers.allSatisfy { $0["result"] == nil || $0["result"] is NSNull })

        let saved = scratch.file("sent.jsonl")
        let signed = try await Self.send(relay, serve.link, as: app, [Self.request("g1", "sign_event", [Self.template()])], save: saved)
        #expect((signed.answer("g1")?["result"] as? String)?.contains("\"sig\"") == true, "\(signed.answers)")
        let replayed = try await Self.send(relay, serve.link, as: app, [], resend: saved)
        #expect(replayed.sent == 1 && replayed.answers.isEmpty, "the same request again gets nothing: \(replayed.answers)")

        _ = try await serve.terminate()
        serve = try await SignerServeTests.Serve(alice, ["--allow", "sign_event:1"])
        let afterRestart = try await Self.send(relay, serve.link, as: app, [], resend: saved)
        #expect(afterRestart.answers.isEmpty, "a replay is known after a restart too: \(afterRestart.answers)")
        let fresh = try await Self.send(relay, serve.link, as: app, [Self.request("g2", "sign_event", [Self.template()])])
        #expect((fresh.answer("g2")?["result"] as? String)?.contains("\"sig\"") == true, "a new request is answered: \(fresh.answers)")
        _ = try await serve.terminate()
        #expect(try SignerServeTests.records(alice, ["signer", "log"]).count == 2, "only the two good requests used the key")
    }

    @Test("after five failed connects within a minute, connects of new clients are ignored, even with the right secret")
    func failedConnectsAreThrottled() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url], config: "[signer]\nsecret = \"\(Self.secret)\"\n")
        let serve = try await SignerServeTests.Serve(alice, ["--allow", "sign_event:1"])
        defer { serve.process.signal(SIGTERM) }
        let bunkerHex = String(serve.link.dropFirst("bunker://".count).prefix(64))
        for guess in 1...5 {
            let wrong = try await Self.send(relay, serve.link, as: .generate(), [Self.request("w\(guess)", "connect", [bunkerHex, "guess-\(guess)"])], wait: 3)
            #expect((wrong.answer("w\(guess)")?["error"] as? String) == "invalid secret", "\(wrong.answers)")
        }
        let right = try await Self.send(relay, serve.link, as: .generate(), [Self.request("r1", "connect", [bunkerHex, Self.secret])], wait: 3)
        #expect(right.answers.isEmpty, "throttled: \(right.answers)")
        #expect(serve.process.stderr.contains("too many failed connects in the last minute"), "\(serve.process.stderr)")
    }

    @Test("a relay that demands NIP-42 AUTH is answered with the bunker's key, never the user's")
    func authenticatesWithTheBunkerKey() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.misbehaving("auth-read")
        defer { relay.process.stop() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        // The link comes once the relay served the subscription, which it does only after AUTH.
        let serve = try await SignerServeTests.Serve(alice, ["--relay", relay.url])
        let bunkerHex = String(serve.link.dropFirst("bunker://".count).prefix(64))
        #expect(await eventually { relay.process.stdout.contains("AUTH \(bunkerHex)") }, "\(relay.process.stdout)")
        #expect(!relay.process.stdout.contains(alice.pubkey), "the user's key never authenticated: \(relay.process.stdout)")
        _ = try await serve.terminate()
    }
}
