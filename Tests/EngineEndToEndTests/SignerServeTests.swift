import Foundation
import NostrCore
import PluginTesting
import Testing

/// linkstr as a bunker: `linkstr signer serve` answers rust-nostr's own NIP-46 client (`NostrConnect`
/// of nostr-sdk, `nostr_connect_client.py`), which connects by the printed bunker:// link.
@Suite("End to end: linkstr as a bunker for another Nostr client", .serialized, .timeLimit(.minutes(2)))
struct SignerServeTests {
    /// `linkstr signer serve ARGUMENTS` (as every test program, without a terminal to ask on), with
    /// the link it printed.
    struct Serve {
        let process: ExternalProcess
        let link: String

        init(_ home: LinkstrHome, _ arguments: [String] = []) async throws {
            let command = ["signer", "serve"] + arguments + ["--home", home.path]
            CommandLog.current?.record(command)
            process = try ExternalProcess(
                executable: BuildProducts.linkstrExecutable, command, environment: ProcessRunner.linkstrEnvironment(["LINKSTR_LOG": "info"]))
            let deadline = ContinuousClock.now + .seconds(20)
            while true {
                let lines = process.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                if let line = lines.first(where: { $0.hasPrefix("bunker://") }) {
                    link = String(line)
                    break
                }
                guard process.isRunning, ContinuousClock.now < deadline else {
                    throw TestFailure("linkstr signer serve printed no link: \(process.stderr)")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        /// SIGTERM, and the exit status once it stopped.
        func terminate() async throws -> Int32 {
            process.signal(SIGTERM)
            guard await eventually(within: 10, { !process.isRunning }), let exit = process.exit else {
                throw TestFailure("linkstr signer serve did not stop on SIGTERM")
            }
            return exit.status
        }
    }

    /// The JSON array `linkstr ARGUMENTS --json` prints.
    static func records(_ home: LinkstrHome, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try home.run(arguments + ["--json"])
        guard result.status == 0, let records = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            throw TestFailure("linkstr \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return records
    }

    @Test("rust-nostr's client signs through `signer serve`: the user's key, a valid signature, a NIP-44 round trip; outside the permissions refused; the log lists the event; an approved client reconnects after a restart")
    func signsForAnotherClient() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let peer = Keypair.generate().publicKey.hex
        let serve = try await Serve(alice, ["--allow", "sign_event:1,nip44_encrypt", "--allow", "nip44_decrypt"])
        #expect(serve.link.contains("?relay=ws%3A%2F%2F") && serve.link.contains("&secret="))
        #expect(!serve.link.contains(alice.pubkey), "the bunker's own key is in the link, not the user's")

        let appKey = SecretKey.generate()
        let lines = try await NostrConnectClient.run(serve.link, appSecret: appKey, ["public_key", "sign:1", "nip44:\(peer)", "sign:4", "nip04:\(peer)"])
        #expect(lines.map(\.action) == ["public_key", "sign:1", "nip44:\(peer)", "sign:4", "nip04:\(peer)"])
        #expect(lines[0].text == alice.pubkey, "get_public_key is the account's key: \(lines[0].error ?? "")")
        let signed = try lines[1].signedEvent()
        #expect(signed.isValid && signed.pubkey.hex == alice.pubkey && signed.kind == 1)
        #expect(lines[2].roundTrip?["plaintext"] == "linkstr as a bunker ✓", "\(lines[2].error ?? "")")
        let ciphertext = try #require(lines[2].roundTrip?["ciphertext"])
        #expect(ciphertext != "linkstr as a bunker ✓" && !NIP04.isNIP04Payload(ciphertext))
        #expect(lines[3].result == nil && lines[3].error != nil, "kind 4 is outside the permissions")
        #expect(lines[4].result == nil && lines[4].error != nil, "nip04 is outside the permissions")
        #expect(serve.process.stderr.contains("refused sign_event from "))
        #expect(serve.process.stderr.contains("this client may not sign events of kind 4 (it may: sign_event:1, nip44_encrypt, nip44_decrypt)"))
        #expect(serve.process.stderr.contains("refused nip04_encrypt from "))
        #expect(serve.process.stdout.split(separator: "\n").filter { $0.hasPrefix("bunker://") }.count == 2, "a new link once the secret was used")
        #expect(try await serve.terminate() == 0, "SIGTERM stops it gracefully: \(serve.process.stderr)")

        let log = try Self.records(alice, ["signer", "log"])
        #expect(log.map { $0["method"] as? String } == ["sign_event", "nip44_encrypt", "nip44_decrypt"])
        #expect(log.first?["event_id"] as? String == signed.id.hex && log.first?["kind"] as? Int == 1)
        #expect(log.allSatisfy { $0["client"] as? String == appKey.publicKey.hex })
        let clients = try Self.records(alice, ["signer", "clients"])
        #expect(clients.map { $0["client"] as? String } == [appKey.publicKey.hex])
        #expect(clients.first?["permissions"] as? [String] == ["sign_event:1", "nip44_encrypt", "nip44_decrypt"])

        // Approved once: after a restart (a new secret) the same client key connects with its old link.
        let again = try await Serve(alice)
        let reconnected = try await NostrConnectClient.run(serve.link, appSecret: appKey, ["sign:1"])
        #expect(try reconnected[0].signedEvent().isValid)
        _ = try await again.terminate()
        #expect(try Self.records(alice, ["signer", "log"]).count == 4)

        try alice.ok(["signer", "forget", appKey.publicKey.npub])
        #expect(try Self.records(alice, ["signer", "clients"]).isEmpty)
    }

    @Test("a wrong secret is refused; a new client with no rule and no terminal to ask on is refused; nothing is approved")
    func refusals() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let serve = try await Serve(alice, ["--relay", world.relayURL])
        let secret = try #require(serve.link.split(separator: "secret=").last)
        let wrong = try await NostrConnectClient.run(serve.link.replacingOccurrences(of: "secret=" + secret, with: "secret=wrong"), ["public_key"])
        #expect(wrong.first?.result == nil && wrong.first?.error != nil)
        #expect(serve.process.stderr.contains("refused connect from ") && serve.process.stderr.contains(": invalid secret"))
        let unapproved = try await NostrConnectClient.run(serve.link, ["public_key"])
        #expect(unapproved.first?.result == nil && unapproved.first?.error != nil)
        #expect(serve.process.stderr.contains("the bunker has no terminal to approve a new client on and no [signer] allow rule"))
        _ = try await serve.terminate()
        #expect(try Self.records(alice, ["signer", "clients"]).isEmpty)
        #expect(try Self.records(alice, ["signer", "log"]).isEmpty)
    }

    @Test("on a terminal a new client that names no permissions is approved by answering the question, for get_public_key only: it signs nothing")
    func approvesOnTheTerminal() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let alice = try world.home("alice", config: "[signer]\nsecret = \"typed-secret-of-at-least-32-characters\"\n")
        // The bunker's key is the same every time: learn it from a first run, and how long it takes
        // to listen (requests are ephemeral: one sent before the bunker listens is lost).
        let starting = ContinuousClock.now
        let first = try await Serve(alice)
        let startup = ContinuousClock.now - starting
        #expect(first.link.hasSuffix("&secret=typed-secret-of-at-least-32-characters"), "the configured secret is used")
        _ = try await first.terminate()

        let session = Task.detached {
            try TerminalSession.linkstr(["signer", "serve", "--home", alice.path], answers: [("Allow it? [y/N] ", "y")], timeout: 25)
        }
        try await Task.sleep(for: startup * 2 + .seconds(1))
        // rust-nostr's client names no permissions in its connect.
        let lines = try await NostrConnectClient.run(first.link, timeout: 20, ["public_key", "sign:1", "nip44:\(alice.pubkey)"])
        let screen = try await session.value.screen
        #expect(screen.contains("The Nostr client ") && screen.contains("asks to connect without naming a permission: it may only learn your public key. Allow it? [y/N]"), "\(screen)")
        #expect(screen.contains("approved ") && screen.contains(" for get_public_key only"), "\(screen)")
        #expect(try QRCodeReader.decode(terminalOutput: screen, scratch: world.scratch) == first.link, "on a terminal the link is drawn as a QR code")
        #expect(lines[0].text == alice.pubkey, "\(lines[0].error ?? "")")
        #expect(lines[1].result == nil && lines[1].error != nil, "one y grants no signing")
        #expect(lines[2].result == nil && lines[2].error != nil, "nor any encryption")
        #expect(screen.contains("this client may not sign events of kind 1 (it may: get_public_key only)"), "\(screen)")
        #expect(try Self.records(alice, ["signer", "log"]).isEmpty, "nothing was done with the key")
    }

    @Test("[signer] serve = true: `linkstr watch` answers a client too, and stops gracefully on SIGTERM")
    func servesFromWatch() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let config = "[signer]\nserve = true\nsecret = \"service-secret-of-at-least-32-chars\"\nallow = [\"sign_event:1\"]\n"
        let alice = try world.home("alice", config: config)
        let first = try await Serve(alice)
        _ = try await first.terminate()

        let watch = try alice.startWatch()
        defer { watch.stop() }
        #expect(await eventually(within: 20) { watch.stderr.contains("signer: listening as ") }, "\(watch.stderr)")
        let lines = try await NostrConnectClient.run(first.link, ["sign:1", "sign:7"])
        #expect(try lines[0].signedEvent().pubkey.hex == alice.pubkey)
        #expect(lines[1].error != nil, "kind 7 is outside the rule")
        watch.signal(SIGTERM)
        #expect(await eventually { !watch.isRunning })
        #expect(watch.exit == .exited(0), "\(watch.stderr)")
        #expect(try Self.records(alice, ["signer", "log"]).map { $0["kind"] as? Int } == [1])
    }

    @Test("with a key from `linkstr unlock`, `linkstr lock` stops `signer serve` (exit 1, saying why): the key leaves the process")
    func stopsWhenLocked() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        #expect(try alice.run(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let unlocked = try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n")
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        let serve = try await Serve(alice, ["--allow", "sign_event:1"])
        #expect(try alice.run(["lock"]).status == 0)
        #expect(await eventually(within: 15) { !serve.process.isRunning }, "\(serve.process.stderr)")
        #expect(serve.process.exit == .exited(1))
        #expect(serve.process.stderr.contains("linkstr was locked (`linkstr lock` or the auto-lock): the bunker stopped"), "\(serve.process.stderr)")
    }
}
