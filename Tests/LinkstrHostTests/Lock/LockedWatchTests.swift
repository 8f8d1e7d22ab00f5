import Foundation
import LinkstrRuntime
import PluginTesting
import Testing

/// `linkstr watch` across `lock` and `unlock`: while Alice's keys are locked her watch keeps
/// receiving, and Bob's post neither shows nor notifies; once she unlocks, the post is opened,
/// stored, printed and notified, once. The command notifier records each notification in a file.
@Suite struct LockedWatchTests {
    /// Alice (with `aliceConfig`, her keys under a master passphrase and unlocked) and Bob, in a
    /// session "Weekend" on `relay`.
    private func homes(_ scratch: TestScratch, _ relay: TestRelay, aliceConfig: String) throws -> (LinkstrHome, LinkstrHome, String) {
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url], config: aliceConfig)
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let weekend = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bob.pubkey]).id
        _ = try bob.sync()
        #expect(try alice.run(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let unlocked = try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n")
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        return (alice, bob, weekend)
    }

    /// Alice's watch, caught up, then locked (`linkstr lock`): it says it keeps receiving.
    private func lockedWatch(_ alice: LinkstrHome) async throws -> HelperProcess {
        let watch = try alice.watch(json: true)
        #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")
        #expect(try alice.run(["lock"]).status == 0)
        #expect(await eventually(within: 10) { watch.stderr.contains("profile 'default' is locked; watch keeps receiving") }, "\(watch.stderr)")
        return watch
    }

    @Test(.timeLimit(.minutes(2)))
    func whatArrivesWhileLockedIsOpenedAndNotifiedAfterUnlock() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let deliver = Script.write(scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
        let delivered = deliver + ".jsonl"
        let (alice, bob, weekend) = try homes(
            scratch, relay,
            aliceConfig: """
                notifiers = ["org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.command"]
                command = ["\(deliver)"]

                """)
        defer { HomeUnlockAgent.stop(alice.path) }
        let watch = try await lockedWatch(alice)
        defer { watch.terminate(within: 5) }
        let whileLocked = try bob.json(SentPost.self, ["post", weekend, "https://example.com/while-locked"]).id
        try await Task.sleep(for: .seconds(2))
        #expect(watch.jsonLines.isEmpty, "nothing is shown while locked: \(watch.stdoutLines)")
        #expect(TestPython.records(delivered).isEmpty, "nothing notifies while locked")

        #expect(try alice.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let arrived = await eventually(within: 15) { !TestPython.records(delivered).isEmpty && !watch.jsonLines.isEmpty }
        #expect(arrived, "watch stderr: \(watch.stderr); stdout: \(watch.stdoutLines)")
        #expect(watch.stderr.contains("profile 'default' is unlocked; opening the 1 wrap received meanwhile"), "\(watch.stderr)")
        try await Task.sleep(for: .milliseconds(500))  // room for a repeat, should there be one
        #expect(TestPython.records(delivered).compactMap { $0["id"] as? String } == ["post-\(whileLocked)"])
        #expect(watch.jsonLines.compactMap { $0["id"] as? String } == [whileLocked])
        #expect(try alice.feed(weekend).map(\.id) == [whileLocked], "stored")

        // Locked again, it waits again; SIGTERM still ends it at once.
        #expect(try alice.run(["lock"]).status == 0)
        #expect(await eventually(within: 10) { watch.stderr.components(separatedBy: "is locked; watch keeps receiving").count == 3 }, "\(watch.stderr)")
        let stopping = Date()
        #expect(watch.terminate(within: 10) == 0, "watch stderr: \(watch.stderr)")
        #expect(Date().timeIntervalSince(stopping) < 3)
    }

    /// A stranger floods Alice's key while she is locked: watch keeps at most
    /// `[profiles] locked_inbox_wraps` of it, says so once, and what it left — Bob's posts, sent
    /// after the flood — is not lost: the catch-up at unlock brings it from the relay.
    @Test(.timeLimit(.minutes(2)))
    func aFloodWhileLockedIsBoundedAndWhatIsLeftComesWithTheCatchUp() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let (alice, bob, weekend) = try homes(scratch, relay, aliceConfig: "notifiers = []\n[profiles]\nlocked_inbox_wraps = 5\n")
        defer { HomeUnlockAgent.stop(alice.path) }
        let watch = try await lockedWatch(alice)
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
