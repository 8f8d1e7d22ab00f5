import Foundation
import LinkstrRuntime
import PluginTesting
import Testing

/// `linkstr watch` across `lock` and `unlock`: while Alice's keys are locked her watch keeps
/// receiving, and Bob's post neither shows nor notifies — a notification says that it waits; once
/// she unlocks, the post is opened, stored, printed and notified, once. The auto-lock does not stop
/// the watch. The command notifier records each notification in a file.
@Suite struct LockedWatchTests {
    /// Alice, whose notifications the command notifier appends to `delivered`, and Bob, in the
    /// session "Weekend", on a relay of their own; Alice's keys under the passphrase "correct horse".
    struct Homes {
        let relay: TestRelay
        let alice: LinkstrHome
        let bob: LinkstrHome
        let weekend: String
        let delivered: String

        /// `aliceConfig` is added to Alice's config.toml.
        init(_ scratch: TestScratch, aliceConfig: String = "") async throws {
            relay = try await TestRelay.start(.rust, scratch: scratch)
            let deliver = Script.write(scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
            delivered = deliver + ".jsonl"
            alice = try LinkstrHome.create(
                scratch, "alice", relays: [relay.url],
                config: """
                    notifiers = ["org.linkstr.notify.command"]
                    [plugins."org.linkstr.notify.command"]
                    command = ["\(deliver)"]
                    \(aliceConfig)
                    """)
            bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
            weekend = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bob.pubkey]).id
            _ = try bob.sync()
            let protected = try alice.run(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n")
            guard protected.status == 0 else { throw TestFailure("profile passphrase failed: \(protected.stderr)") }
        }

        /// Alice unlocked, her watch caught up, then `linkstr lock`: the watch says it keeps receiving.
        func lockedWatch() async throws -> ExternalProcess {
            let unlocked = try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n")
            #expect(unlocked.status == 0, "\(unlocked.stderr)")
            let watch = try alice.watch(json: true)
            #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")
            #expect(try alice.run(["lock"]).status == 0)
            #expect(await eventually(within: 10) { watch.stderr.contains("profile 'default' is locked; watch keeps receiving") }, "\(watch.stderr)")
            return watch
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func whatArrivesWhileLockedIsOpenedAndNotifiedAfterUnlock() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let homes = try await Homes(scratch)
        defer { homes.relay.process.kill() }
        let (alice, bob, weekend, delivered) = (homes.alice, homes.bob, homes.weekend, homes.delivered)

        defer { HomeUnlockAgent.stop(alice.path) }
        let watch = try await homes.lockedWatch()
        defer { watch.terminate(within: 5) }
        let whileLocked = try bob.json(SentPost.self, ["post", weekend, "https://example.com/while-locked"]).id
        try await Task.sleep(for: .seconds(2))
        #expect(watch.jsonLines.isEmpty, "nothing is shown while locked: \(watch.stdoutLines)")
        #expect(await eventually { !TestPython.records(delivered).isEmpty })
        let waiting = TestPython.records(delivered)
        #expect(waiting.count == 1 && waiting.first?["kind"] as? String == "locked", "the post itself does not notify while locked: \(waiting)")
        #expect(waiting.first?["body"] as? String == "linkstr is locked: 1 new item waits; run linkstr unlock", "\(waiting)")

        #expect(try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let arrived = await eventually(within: 15) { TestPython.records(delivered).count > 1 && !watch.jsonLines.isEmpty }
        #expect(arrived, "watch stderr: \(watch.stderr); stdout: \(watch.stdoutLines)")
        #expect(watch.stderr.contains("profile 'default' is unlocked; opening the 1 wrap received meanwhile"), "\(watch.stderr)")
        try await Task.sleep(for: .milliseconds(500))  // room for a repeat, should there be one
        #expect(TestPython.records(delivered).dropFirst().compactMap { $0["id"] as? String } == ["post-\(whileLocked)"])
        #expect(watch.jsonLines.compactMap { $0["id"] as? String } == [whileLocked])
        #expect(try alice.feed(weekend).map(\.id) == [whileLocked], "stored")

        // Locked again, it waits again; SIGTERM still ends it at once.
        #expect(try alice.run(["lock"]).status == 0)
        #expect(await eventually(within: 10) { watch.stderr.components(separatedBy: "is locked; watch keeps receiving").count == 3 }, "\(watch.stderr)")
        let stopping = Date()
        #expect(watch.terminate(within: 10) == 0, "watch stderr: \(watch.stderr)")
        #expect(Date().timeIntervalSince(stopping) < 3)
    }

    /// The agent's auto-lock (an agent in this process, on a clock the test moves) leaves the watch
    /// the person started opening their messages, says so, and whoami shows it; `linkstr lock` then
    /// stops it, and what arrives waits with a notification.
    @Test(.timeLimit(.minutes(2)))
    func theAutoLockLeavesTheWatchOpeningUntilLock() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let homes = try await Homes(scratch)
        defer { homes.relay.process.kill() }
        let (alice, bob, weekend, delivered) = (homes.alice, homes.bob, homes.weekend, homes.delivered)
        let keyFile = try #require(ProfileKeyFile.paths(home: alice.path, name: "key.ncryptsec").first)
        let profileID = URL(fileURLWithPath: keyFile).deletingLastPathComponent().lastPathComponent

        let clock = UnlockAgentTests.TestClock()
        let address = HomeUnlockAgent.address(alice.path)
        let server = try UnlockAgentServer(address: address, agent: UnlockAgent(clock: { clock.now }))
        Thread.detachNewThread { server.run() }
        defer { server.stop() }
        var unlock = UnlockAgentMessage(.unlock)
        unlock.profiles = [UnlockedProfileKeys(id: profileID, keys: ["key": alice.nsec])]
        unlock.autoLockMinutes = 15
        #expect(try UnlockAgentClient(address: address).request(unlock)?.ok == true)

        let watch = try alice.watch(json: true)
        defer { watch.terminate(within: 5) }
        #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")

        clock.advance(minutes: 16)
        server.agent.tick()
        #expect(!server.agent.isUnlocked)
        #expect(await eventually(within: 10) { watch.stderr.contains("this watch keeps opening your messages until `linkstr lock`") }, "\(watch.stderr)")
        let whoami = try JSONSerialization.jsonObject(with: Data(try alice.run(["whoami", "--json"]).stdout.utf8)) as? [String: Any]
        #expect(whoami?["locked"] as? Bool == true && whoami?["auto_locked_at"] is String, "\(String(describing: whoami))")

        let afterAutoLock = try bob.json(SentPost.self, ["post", weekend, "https://example.com/after-auto-lock"]).id
        #expect(await eventually(within: 15) { watch.jsonLines.contains { $0["id"] as? String == afterAutoLock } }, "opened after the auto-lock: \(watch.stderr)")
        #expect(await eventually { TestPython.records(delivered).contains { $0["id"] as? String == "post-\(afterAutoLock)" } })

        #expect(try alice.run(["lock"]).status == 0)
        #expect(await eventually(within: 10) { watch.stderr.contains("profile 'default' is locked; watch keeps receiving") }, "\(watch.stderr)")
        let afterLock = try bob.json(SentPost.self, ["post", weekend, "https://example.com/after-lock"]).id
        #expect(await eventually(within: 15) { TestPython.records(delivered).contains { $0["kind"] as? String == "locked" } }, "\(watch.stderr)")
        #expect(!watch.jsonLines.contains { $0["id"] as? String == afterLock }, "after `lock` nothing is opened")
    }

    /// A stranger floods Alice's key while she is locked: watch keeps at most
    /// `[profiles] locked_inbox_wraps` of it, says so once, and what it left — Bob's posts, sent
    /// after the flood — is not lost: the catch-up at unlock brings it from the relay.
    @Test(.timeLimit(.minutes(2)))
    func aFloodWhileLockedIsBoundedAndWhatIsLeftComesWithTheCatchUp() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let homes = try await Homes(scratch, aliceConfig: "[profiles]\nlocked_inbox_wraps = 5\n")
        defer { homes.relay.process.kill() }
        let (relay, alice, bob, weekend) = (homes.relay, homes.alice, homes.bob, homes.weekend)
        defer { HomeUnlockAgent.stop(alice.path) }
        let watch = try await homes.lockedWatch()
        defer { watch.terminate(within: 5) }

        let stranger = String(repeating: "1", count: 64)
        _ = try await ExternalProcess(
            script: "nostr_peer.py", ["giftwrap", "--relay", relay.url, "--secret", stranger, "--to", alice.pubkey, "--count", "30", "--content", "flood"]
        ).finish()
        let left = [
            try bob.json(SentPost.self, ["post", weekend, "https://example.com/after-the-flood"]).id,
            try bob.json(SentPost.self, ["post", weekend, "https://example.com/and-another"]).id,
        ]
        let full = "profile 'default' is locked and watch holds as many wraps as it keeps (5, or 16777216 bytes"
        #expect(await eventually(within: 10) { watch.stderr.contains(full) }, "\(watch.stderr)")
        #expect(watch.stderr.components(separatedBy: full).count == 2, "said once: \(watch.stderr)")

        #expect(try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        #expect(await eventually(within: 20) { Set(left).isSubset(of: watch.jsonLines.compactMap { $0["id"] as? String }) }, "\(watch.stderr)")
        #expect(watch.stderr.contains("profile 'default' is unlocked; opening the 5 wraps received meanwhile"), "\(watch.stderr)")
        #expect(Set(try alice.feed(weekend).map(\.id)) == Set(left), "stored")
    }
}
