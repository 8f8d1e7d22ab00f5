import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginABI
import PluginTesting
import Testing

/// linkstr as a bunker from a program (linkstr_signer_serve of linkstr.h, and the Python binding):
/// rust-nostr's own NIP-46 client signs with the account's key through it, on a real relay.
@Suite("Embedding linkstr as a bunker, from C and Python", .timeLimit(.minutes(2)))
struct SignerEmbeddingTests {
    @Test("a program serves as a bunker through linkstr.h: a client signs with the account's key, a kind outside the rule is refused, the stop is graceful and caught twice; bad options and a NULL callback are refused")
    func servesThroughTheCAPI() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_signer.c", scratch.file("embed_signer"), library: lib)
        let fixture = try ExternalProcess(
            executable: program, [alice.path, relay.url, "sign_event:1,nip44_encrypt"], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        defer { fixture.stop() }

        let signed = try await Self.signThrough(fixture, alice, relay: relay.url)
        let log = EmbeddedCallLog(fixture.stdout)
        #expect(log["small"] == .init(
            status: LKH_E_INVALID,
            text: "linkstr_signer_options.struct_size is 4, too small to hold relays and allow; set it to sizeof(linkstr_signer_options), or use LINKSTR_SIGNER_OPTIONS_INIT"))
        #expect(log["null-callback"] == .init(status: LKH_E_INVALID, text: "callback must not be NULL"))
        #expect(log["bad-allow"] == .init(
            status: LKH_E_INVALID, text: "linkstr_signer_options.allow: sign_everything is not a permission; \(BunkerPermission.shape)"))
        #expect(log.lines.contains("untouched yes"))
        #expect(log["serve"] == .init(status: LKH_OK, text: "ok"))
        #expect(log["serve-again"] == .init(status: LKH_E_BUSY, text: "this runtime serves as a bunker already; stop that one first (linkstr_signer_stop)"))
        #expect(log["disconnect-while-serving"] == .init(
            status: LKH_E_BUSY, text: "this runtime serves as a bunker with the account's key; stop it first (linkstr_signer_stop)"))
        #expect(fixture.stderr.contains("linkstr: linkstr_signer_stop was given a linkstr_signer that is not live (freed already?); ignored"))
        #expect(log["serve-after-stop"] == .init(status: LKH_OK, text: "ok"), "a stopped bunker frees the runtime's slot")
        #expect(!log.lines.contains { $0.hasPrefix("late-event") }, "no activity after linkstr_signer_stop returned")
        #expect(log.lines.suffix(2) == ["serve-after-stop 0 ok", "freed"], "linkstr_runtime_free stops the second bunker: \(log.lines)")

        // The account's log, shared with `linkstr signer log`, has what was signed.
        let entries = try JSONSerialization.jsonObject(with: Data(try alice.run(["signer", "log", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["event_id"] as? String } == [signed.id.hex])
    }

    @Test("the Python binding serves as a bunker: `signer_serve` in a `with` block, a client signs, a kind outside the rule is refused")
    func servesThroughPython() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let fixture = try Self.python(scratch, "signer_calls.py", [alice.path, relay.url, "sign_event:1"])
        defer { fixture.stop() }

        _ = try await Self.signThrough(fixture, alice, relay: relay.url)
        let log = EmbeddedCallLog(fixture.stdout)
        #expect(log["bad-allow"] == .init(
            status: LKH_E_INVALID, text: "linkstr_signer_options.allow: sign_everything is not a permission; \(BunkerPermission.shape)"))
        #expect(log.lines.last == "stopped")
    }

    @Test("a bunker whose key came from the unlock agent answers `locked` once `linkstr lock` ran, and signs nothing more")
    func aLockedBunkerRefusesToSign() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try Self.homeUnderPassphrase(scratch, relay: relay)
        defer { HomeUnlockAgent.stop(alice.path) }
        let unlocked = try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n")
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        let fixture = try Self.python(scratch, "signer_calls.py", [alice.path, relay.url, "sign_event:1"])
        defer { fixture.stop() }
        let link = try await Self.link(of: fixture)
        let appKey = SecretKey.generate()
        let before = try await NostrConnectClient.run(link, appSecret: appKey, ["sign:1"])
        #expect(try before[0].signedEvent().isValid, "unlocked, it signs: \(before[0].error ?? "")")

        #expect(try alice.run(["lock"]).status == 0)
        let after = try await NostrConnectClient.run(link, appSecret: appKey, ["sign:1"])
        #expect(after[0].result == nil && after[0].error?.contains(Bunker.lockedError) == true, "\(after[0].error ?? "")")
        let refused = EmbeddedCallLog(fixture.stdout).events.filter { $0["type"] as? String == "refused" }
        #expect(refused.contains { $0["reason"] as? String == Bunker.lockedError }, "\(refused)")
        let carriedOut = EmbeddedCallLog(fixture.stdout).events.filter { $0["type"] as? String == "request" }
        #expect(carriedOut.count == 1, "only the event signed before the lock: \(carriedOut)")
    }

    @Test("linkstr_lock while the runtime serves as a bunker locks the agent first, then stops the bunker: serving again needs the key")
    func lockingStopsTheBunkerOfTheRuntime() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try Self.homeUnderPassphrase(scratch, relay: relay)
        defer { HomeUnlockAgent.stop(alice.path) }
        let fixture = try Self.python(scratch, "lock_while_serving.py", [alice.path, relay.url, "correct horse"], withoutTerminal: true)
        defer { fixture.stop() }
        let lines = try await fixture.finish(timeout: .seconds(60))
        #expect(lines.first == "listening True", "\(lines) \(fixture.stderr)")
        #expect(lines.contains("lock {\"locked\": true}"), "not busy: \(lines) \(fixture.stderr)")
        let serveAgain = try #require(lines.first { $0.hasPrefix("serve-after-lock ") })
        #expect(serveAgain.contains("is locked"), "the account closed with the bunker; its key is gone: \(serveAgain)")
        #expect(lines.last == "stopped")
        #expect(try UnlockAgentClient(address: HomeUnlockAgent.address(alice.path)).request(UnlockAgentMessage(.status))?.unlocked == [])
    }

    /// Waits for the bunker's link in `fixture`'s activities (`event <json>` lines), has rust-nostr's
    /// client sign kind 1 (allowed) and kind 4 (not) through it, checks what the bunker reported,
    /// and stops the fixture (SIGTERM), which must exit 0. Returns the event signed.
    static func signThrough(_ fixture: ExternalProcess, _ account: LinkstrHome, relay: String) async throws -> Event {
        let link = try await Self.link(of: fixture)
        let listening = EmbeddedCallLog(fixture.stdout).events.first { $0["type"] as? String == "listening" }
        #expect(link.hasPrefix("bunker://") && listening?["relays"] as? [String] == [relay])

        let appKey = SecretKey.generate()
        let lines = try await NostrConnectClient.run(link, appSecret: appKey, ["public_key", "sign:1", "sign:4"])
        #expect(lines.map(\.action) == ["public_key", "sign:1", "sign:4"])
        #expect(lines[0].text == account.pubkey, "get_public_key is the account's key: \(lines[0].error ?? "")")
        let signed = try lines[1].signedEvent()
        #expect(signed.isValid && signed.pubkey.hex == account.pubkey && signed.kind == 1, "signed with the account's key")
        #expect(lines[2].result == nil && lines[2].error != nil, "kind 4 is outside the rule")

        fixture.signal(SIGTERM)
        _ = try await fixture.finish(timeout: .seconds(20))
        let events = EmbeddedCallLog(fixture.stdout).events
        #expect(events.map { $0["type"] as? String } == ["listening", "approved", "link", "request", "refused"], "\(events)")
        #expect(events.first { $0["type"] as? String == "approved" }?["client"] as? String == appKey.publicKey.hex)
        let request = events.first { $0["type"] as? String == "request" }
        #expect(request?["method"] as? String == "sign_event" && request?["kind"] as? Int == 1 && request?["event_id"] as? String == signed.id.hex)
        let refused = events.first { $0["type"] as? String == "refused" }
        #expect((refused?["reason"] as? String)?.hasPrefix("this client may not sign events of kind 4 (it may: sign_event:1") == true)
        return signed
    }

    /// The bunker:// link of the fixture's `listening` activity, once it came.
    static func link(of fixture: ExternalProcess) async throws -> String {
        var listening: [String: Any]?
        #expect(await eventually(within: 20) {
            listening = EmbeddedCallLog(fixture.stdout).events.first { $0["type"] as? String == "listening" }
            return listening != nil || !fixture.isRunning
        })
        return try #require(listening?["link"] as? String, "no bunker link: \(fixture.stdout)\n\(fixture.stderr)")
    }

    /// A home on `relay` whose key is under the master passphrase "correct horse".
    static func homeUnderPassphrase(_ scratch: TestScratch, relay: TestRelay) throws -> LinkstrHome {
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let protected = try alice.run(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n")
        guard protected.status == 0 else { throw TestFailure("profile passphrase failed: \(protected.stderr)") }
        return alice
    }

    /// The Python fixture `script` with the binding and `arguments`, on the library of this build;
    /// `withoutTerminal`: in a session of its own (setsid, which does not pass SIGTERM on), so that
    /// a locked key is an error rather than a question.
    static func python(_ scratch: TestScratch, _ script: String, _ arguments: [String], withoutTerminal: Bool = false) throws -> ExternalProcess {
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let command = [try TestPython.interpreter, FixtureBuilder.fixturesDirectory + "/" + script, PythonBindingTests.bindings] + arguments
        return try ExternalProcess(
            executable: withoutTerminal ? "/usr/bin/setsid" : command[0], withoutTerminal ? ["--wait"] + command : Array(command.dropFirst()),
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
    }
}
