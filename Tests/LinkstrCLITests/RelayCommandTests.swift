import Foundation
import Testing

/// `linkstr relay …` end to end: the list is config.toml's relays (or the defaults) with the user's
/// changes on top, and `relay list` shows where each relay comes from and what the last command
/// that used it saw.
@Suite(.timeLimit(.minutes(1))) struct RelayCommandTests {
    private func list(_ home: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [RelayRow] {
        let result = try ProcessRunner.linkstr(["relay", "list", "--json", "--home", home])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode([RelayRow].self, from: Data(result.stdout.utf8))
    }

    private func relay(_ arguments: [String], _ home: String) throws -> ProcessRunner.Result {
        try ProcessRunner.linkstr(["relay"] + arguments + ["--home", home])
    }

    /// `linkstr relay ARGUMENTS`, which must succeed.
    private func change(_ arguments: [String], _ home: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try relay(arguments, home)
        #expect(result.status == 0, "linkstr relay \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func anAddedRelayIsListedAsAdded() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let added = try relay(["add", "wss://127.0.0.1:7777", "--json"], scratch.path)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "{\"ok\":true}\n")
        let relays = try list(scratch.path)
        #expect(relays.first { $0.url == "wss://127.0.0.1:7777" } == RelayRow(
            url: "wss://127.0.0.1:7777", enabled: true, status: "unknown", source: "added", error: nil, checkedAt: nil))
        #expect(relays.filter { $0.source == "default" }.count == 5)

        let human = try relay(["add", "ws://127.0.0.1:7778"], scratch.path)
        #expect(human.stdout == "added ws://127.0.0.1:7778\n")
        #expect(try list(scratch.path).contains { $0.url == "ws://127.0.0.1:7778" && $0.source == "added" })
    }

    @Test func anInvalidOrRepeatedAddressIsBadInputAndChangesNothing() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let before = try list(scratch.path)
        let invalid = try relay(["add", "not-a-url", "--json"], scratch.path)
        #expect(invalid.status == 2)
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr == "linkstr: 'not-a-url' is not a relay address; enter a valid relay url (ws:// or wss://).\n")
        let repeated = try relay(["add", "WSS://nos.lol/"], scratch.path)
        #expect(repeated.status == 2)
        #expect(repeated.stderr == "linkstr: wss://nos.lol is already in your relay list; see `linkstr relay list`.\n")
        #expect(try list(scratch.path) == before)
    }

    @Test(arguments: ["remove", "enable", "disable"])
    func aRelayNotInTheListIsBadInput(_ change: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try relay([change, "wss://nowhere.example"], scratch.path)
        #expect(result.status == 2)
        #expect(result.stderr == "linkstr: wss://nowhere.example is not in your relay list; see `linkstr relay list`.\n")
    }

    @Test func relaysSetInConfigLaterReplaceTheDefaultsAndKeepTheUsersChanges() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        try change(["add", "ws://127.0.0.1:7777"], scratch.path)
        try change(["remove", "wss://nos.lol"], scratch.path)
        let defaults = try relay(["list"], scratch.path)
        #expect(defaults.stdout.contains(
            "base: the iPhone app's defaults (set relays = [...] in \(scratch.path)/config.toml to replace them)\n"))
        #expect(defaults.stdout.contains("removed by you: wss://nos.lol (`linkstr relay reset` brings it back)\n"))
        let row = defaults.stdout.split(separator: "\n").first { $0.contains("ws://127.0.0.1:7777") }
        #expect(row?.split(separator: " ") == ["○", "ws://127.0.0.1:7777", "added", "not", "connected", "yet"], "\(defaults.stdout)")

        _ = scratch.write("config.toml", "relays = [\"ws://127.0.0.1:1\", \"wss://nos.lol\"]\n")
        #expect(try list(scratch.path).map { [$0.url, $0.source] } == [
            ["ws://127.0.0.1:1", "config"], ["ws://127.0.0.1:7777", "added"],
        ], "config.toml's relays replace the defaults at once; nos.lol stays removed")
        let configured = try relay(["list"], scratch.path)
        #expect(configured.stdout.contains("base: relays = [...] in \(scratch.path)/config.toml\n"))

        try change(["reset"], scratch.path)
        #expect(try list(scratch.path).map { [$0.url, $0.source] } == [["ws://127.0.0.1:1", "config"], ["wss://nos.lol", "config"]])
    }

    @Test func aDisabledRelayIsListedAsDisabled() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        try change(["disable", "wss://relay.damus.io"], scratch.path)
        #expect(try list(scratch.path).first { $0.url == "wss://relay.damus.io" }.map { [$0.status, $0.source] } == ["disabled", "default"])
        try change(["enable", "wss://relay.damus.io"], scratch.path)
        #expect(try list(scratch.path).first { $0.url == "wss://relay.damus.io" }?.enabled == true)
    }

    @Test func aRelayThatIsDownIsListedAsFailedWithTheReasonAfterASync() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let down = "ws://127.0.0.1:\(FreePort.next())"
        let alice = try LinkstrHome.create(scratch, "alice", relays: [down])
        let started = Int64(Date().timeIntervalSince1970)
        let sync = try alice.run(["sync", "--timeout", "2"])
        #expect(sync.status == 1, "\(sync.stderr)")
        let relays = try list(alice.path)
        let row = try #require(relays.first { $0.url == down })
        #expect(row.status == "failed")
        #expect(row.source == "config")
        #expect(row.error?.contains("cannot connect") == true, "\(row)")
        #expect(row.error?.contains("retrying") == false, "\(row)")
        #expect((started - 1...started + 60).contains(row.checkedAt ?? 0))
        let human = try alice.run(["relay", "list"])
        #expect(human.stdout.contains("\(down)  config  failed · just now · cannot connect"), "\(human.stdout)")
    }

    @Test func aRelayThatWentDownIsListedAsFailedAfterAPost() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        _ = try alice.json(SessionMembers.self, ["session", "create", "Solo"])
        #expect(try list(alice.path).first { $0.url == relay.url }.map { [$0.status, $0.error ?? "-"] } == ["connected", "-"])
        relay.process.kill()
        let post = try alice.run(["post", "Solo", "https://example.com/"])
        #expect(post.status == 1)
        let row = try #require(try list(alice.path).first { $0.url == relay.url })
        #expect(row.status == "failed")
        #expect(row.error?.contains("cannot connect") == true, "\(row)")
    }

    @Test func aRefusedPublishIsListedWithTheRelaysMessage() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.misbehaving("rate-limited")
        defer { relay.process.kill() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let create = try alice.run(["session", "create", "Solo"])
        #expect(create.status == 1)
        #expect(create.stderr.contains("rate-limited: slow down"), "\(create.stderr)")
        let row = try #require(try list(alice.path).first { $0.url == relay.url })
        #expect(row.status == "connected")
        #expect(row.error == "publish failed: rate-limited: slow down")
        #expect(row.checkedAt != nil)
    }
}
