import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import NostrCore
import Testing

@Suite("Relay pool: faults and bad input", .serialized, .timeLimit(.minutes(1)))
struct FaultTests {
    @Test("a relay killed while a publish waits for OK ends the publish with an error, not a hang")
    func relayKilledMidPublish() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--never-ok"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let event = try harness.event()
        let publish = Task { try await harness.pool.publish(event, timeout: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(300))
        let killed = ContinuousClock.now
        relay.process.kill()
        let error = await #expect(throws: PublishError.self) { try await publish.value }
        #expect(ContinuousClock.now - killed < .seconds(10))  // long before the 20 s timeout
        #expect(error?.status == .io)
        #expect(error?.message.contains("connection lost before the relay answered") == true)
        #expect(error?.answers.map(\.relay) == [relay.url])
    }

    @Test("a restarted relay: the pool reconnects, replays the subscription, and delivers nothing twice")
    func relayRestarted() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        var relay = try await TestRelay.start(.nostrRelay, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let author = LocalSigner(keypair: .generate())
        let before = [try harness.event(content: "one", signer: author), try harness.event(content: "two", signer: author)]
        for event in before { _ = try await harness.pool.publish(event, timeout: .seconds(5)) }
        let messages = Recorder(try harness.pool.subscribe("restart", filters: [Filter(authors: [author.publicKey])]))
        try await messages.wait("stored events and EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        #expect(messages.events.count == 2)

        let statuses = Recorder(harness.pool.updates)
        relay.process.stop()
        try await statuses.wait("failed") { $0.contains { if case .status(_, .failed, _) = $0 { true } else { false } } }
        relay = try await TestRelay.start(.nostrRelay, scratch: scratch, port: relay.port, directory: relay.directory)
        try await messages.wait("EOSE of the replayed subscription", timeout: .seconds(15)) {
            $0.filter(\.isEndOfStoredEvents).count == 2
        }
        let after = try harness.event(content: "three", signer: author)
        _ = try await harness.pool.publish(after, timeout: .seconds(5))
        try await messages.wait("the new event") { $0.contains { $0.receivedEvent?.event == after } }
        #expect(messages.events.map(\.event) == before + [after])
        let replayed = messages.all.compactMap { message -> EventID? in
            if case .duplicate(_, let id, _) = message { id } else { nil }
        }
        #expect(Set(replayed) == Set(before.map(\.id)))
        #expect(statuses.all.contains { if case .status(_, .connecting, _) = $0 { true } else { false } })
    }

    @Test("a relay that never answers OK: the publish times out within its limit")
    func neverAnswersOK() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--never-ok"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let started = ContinuousClock.now
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event(), timeout: .seconds(1)) }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(4))
        #expect(error?.status == .timeout)
        #expect(error?.message.contains("no relay confirmed the event within 1000 ms") == true)
        #expect(error?.answers == [RelayAnswer(relay: relay.url, accepted: false, message: "no answer before the timeout")])
    }

    @Test("malformed frames are counted and logged; the connection stays and good frames still pass, byte for byte")
    func malformedFrames() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let harness = try PoolHarness()
        let event = try harness.event(content: "café \"quoted\"\n", tags: [["t", "x"]])
        // The same event, formatted the way no serializer here would: spaces, escapes, key order.
        let odd = #"{ "sig" : "\#(event.sig!.hex)", "content":"caf\u00e9 \"quoted\"\n" ,"tags":[ ["t","x"] ],"#
            + #" "kind": 1, "created_at": \#(event.createdAt), "pubkey":"\#(event.pubkey.hex)", "id": "\#(event.id.hex)" }"#
        let file = scratch.file("events.jsonl")
        try (odd + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let relay = try await TestRelay.misbehaving("malformed", ["--event-file", file])
        try await harness.connect([relay.url])
        let messages = Recorder(try harness.pool.subscribe("odd", filters: [Filter(kinds: [1])]))
        try await messages.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        #expect(messages.events.map(\.json) == [Array(odd.utf8)])
        #expect(messages.events.map(\.event) == [event])
        let state = try #require(harness.state(relay.url))
        #expect(state.malformedFrames == 14)
        #expect(state.status == .connected)
        // The first ten problems are logged, then every thousandth.
        #expect(harness.log.filter { $0.contains("sent a malformed frame") }.count == 10)
        #expect(harness.log.contains { $0.contains("(dropped; 10 so far on this relay)") })
    }

    @Test("an oversized message from a relay is dropped and counted; the connection stays")
    func oversizedIncoming() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let harness = try PoolHarness(settings: ["max_message_bytes": "65536"])
        let event = try harness.event()
        let file = scratch.file("events.jsonl")
        try (event.jsonString() + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let relay = try await TestRelay.misbehaving("oversized", ["--event-file", file, "--oversize", "100000"])
        try await harness.connect([relay.url])
        let messages = Recorder(try harness.pool.subscribe("big", filters: [Filter(kinds: [1])]))
        try await messages.wait("EOSE") { $0.contains(where: \.isEndOfStoredEvents) }
        #expect(messages.events.map(\.event) == [event])
        #expect(harness.state(relay.url)?.oversizedFrames == 1)
        #expect(harness.log.contains { $0.contains("over max_message_bytes (65536)") })
    }

    @Test("a message over the frame limit (4 × max_message_bytes) closes the connection with a reason")
    func frameOverLimit() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let harness = try PoolHarness(settings: ["max_message_bytes": "16384", "reconnect_min_ms": "5000", "reconnect_max_ms": "5000"])
        let relay = try await TestRelay.misbehaving("oversized", ["--oversize", "200000"])
        try await harness.connect([relay.url])
        _ = try harness.pool.subscribe("huge", filters: [Filter(kinds: [1])])
        try await waitFor("the relay failed") { harness.state(relay.url)?.status == .failed }
        let reason = try #require(harness.state(relay.url)?.error)
        #expect(reason.contains("retrying in"))
    }

    @Test("an event larger than max_message_bytes is refused before anything is sent")
    func oversizedPublish() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let harness = try PoolHarness(settings: ["max_message_bytes": "4096"])
        try await harness.connect([relay.url])
        let error = await #expect(throws: PublishError.self) {
            try await harness.pool.publish(try harness.event(content: String(repeating: "x", count: 5000)))
        }
        #expect(error?.status == .invalid)
        #expect(error?.message.contains("over max_message_bytes (4096)") == true)
    }

    @Test("nostr-relay refuses an oversized event with an OK that has no event id; it is matched, and later OKs still match")
    func refusalWithEmptyOKID() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.nostrRelay, scratch: scratch, ["--max-event-size", "100"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let error = await #expect(throws: PublishError.self) {
            try await harness.pool.publish(try harness.event(content: String(repeating: "x", count: 200)), timeout: .seconds(8))
        }
        #expect(error?.status == .invalid)
        #expect(error?.message == "\(relay.url) refused the event: invalid: 280 characters should be enough for anybody")
        let small = try harness.event(content: "fits")
        let result = try await harness.pool.publish(small, timeout: .seconds(8))
        #expect(result.acceptedBy == [relay.url])
    }

    @Test("rate-limited: a refusal with the relay's message (status busy)")
    func rateLimited() async throws {
        let relay = try await TestRelay.misbehaving("rate-limited")
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event()) }
        #expect(error?.status == .busy)
        #expect(error?.message == "\(relay.url) refused the event: rate-limited: slow down")
        #expect(harness.state(relay.url)?.status == .connected)
    }

    @Test("a relay whose policy blocks writes: permission error with its message")
    func blocked() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--reject", "not today"])
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event()) }
        #expect(error?.status == .permission)
        #expect(error?.message == "\(relay.url) refused the event: blocked: not today")
    }

    @Test("a server that never finishes the WebSocket handshake fails after connect_timeout_ms")
    func connectTimeout() async throws {
        let relay = try await TestRelay.misbehaving("stall")
        let harness = try PoolHarness(settings: ["connect_timeout_ms": "300", "reconnect_min_ms": "5000", "reconnect_max_ms": "5000"])
        try harness.pool.setRelays([RelayConfiguration(url: relay.url)])
        try await waitFor("the relay failed", timeout: .seconds(3)) { harness.state(relay.url)?.status == .failed }
        #expect(harness.state(relay.url)?.error?.hasPrefix("no WebSocket connection within 300 ms (connect_timeout_ms)") == true)
    }

    @Test("nothing listening: failed with the reason, and a publish reports the relay as not connected")
    func nothingListening() async throws {
        let url = "ws://127.0.0.1:\(FreePort.next())"
        let harness = try PoolHarness()
        try harness.pool.setRelays([RelayConfiguration(url: url)])
        try await waitFor("the relay failed") { harness.state(url)?.status == .failed }
        let port = url.split(separator: ":").last!
        #expect(harness.state(url)?.error?.hasPrefix("cannot connect: 127.0.0.1:\(port): connection refused") == true, "\(harness.state(url)?.error ?? "")")
        #expect(harness.state(url)?.error?.contains("errno") == false, "no network-library internals")
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event(), timeout: .milliseconds(300)) }
        #expect(error?.status == .timeout)
        #expect(error?.answers == [RelayAnswer(relay: url, accepted: false, message: "not sent: the relay was not connected")])
    }

    @Test("bad relay lists, filters and events are refused with what to fix")
    func badInput() async throws {
        let harness = try PoolHarness()
        #expect(throws: PluginError(.invalid, "relay URL 'http://example.com' must start with ws:// or wss://")) {
            try harness.pool.setRelays([RelayConfiguration(url: "http://example.com")])
        }
        #expect(throws: PluginError(.invalid, "relay ws://a.example is listed twice")) {
            try harness.pool.setRelays([RelayConfiguration(url: "ws://a.example"), RelayConfiguration(url: "ws://a.example")])
        }
        let error = await #expect(throws: PublishError.self) { try await harness.pool.publish(try harness.event()) }
        #expect(error?.status == .unavailable)
        #expect(throws: PluginError.self) { _ = try harness.pool.subscribe(String(repeating: "s", count: 65), filters: [Filter()]) }
    }

    /// 50 000 frames is what a relay sends for a long history in one go; a million would take this
    /// machine's Python relay minutes to send, not the pool to read.
    @Test("a flood of 50 000 frames — 25 000 events, each sent twice, in random order: each event delivered once, the repeats reported")
    func flood() async throws {
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
        // Sized for the flood, as `sync` sizes its own: the default (10 000, the iPhone app's) lets
        // repeats further apart than that through, for the store's dedupe by wrap id to catch.
        let deduplicator = EventDeduplicator(capacity: 1_000_000)
        let messages = Recorder(try harness.pool.subscribe("flood", filters: [Filter(kinds: [1])], deduplicator: deduplicator))
        try await messages.wait("EOSE after the flood", timeout: .seconds(40)) { $0.contains(where: \.isEndOfStoredEvents) }
        let delivered = messages.events.map(\.event.id)
        #expect(delivered.count == events.count)
        #expect(Set(delivered) == Set(events.map(\.id)))
        let repeats = messages.all.filter { if case .duplicate = $0 { true } else { false } }
        #expect(repeats.count == events.count)
        #expect(harness.state(relay.url)?.status == .connected)
    }
}
