import Foundation
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// `linkstr browser host` driven through pipes as a browser drives it: framed requests in, framed
/// replies out, started by the launcher `browser install` writes.
@Suite(.timeLimit(.minutes(1))) struct BrowserHostTests {
    private let site = "http://127.0.0.1:8000"

    /// A home allowing `site` everything; `config` goes before its [browser] section.
    private func makeHome(_ scratch: TestScratch, config: String = "notifiers = []\n", allow: [String]) throws -> LinkstrHome {
        let rules = allow.map { "\"\($0)\"" }.joined(separator: ", ")
        return try LinkstrHome.create(scratch, "home", relays: [], config: config + "[browser]\nallow = [\(rules)]\n")
    }

    /// Installs the launcher and starts it as Chromium does (the extension's origin as argument).
    private func startHost(_ scratch: TestScratch, _ home: LinkstrHome, environment: [String: String] = [:]) throws -> NativeHostClient {
        let profile = scratch.folder("profile")
        let install = try ProcessRunner.linkstr(["browser", "install", "--chromium", "--user-data-dir", profile, "--home", home.path, "--json"])
        guard install.status == 0 else { throw TestFailure("browser install failed: \(install.stderr)") }
        let launcher = home.path + "/data/browser/linkstr-browser-host"
        return try NativeHostClient(
            launcher, ["chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/"], environment: ProcessRunner.linkstrEnvironment(environment))
    }

    @Test func answersWithTheAccountsKeyAndRefusesASiteWithoutPermission() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try makeHome(scratch, allow: ["\(site):getPublicKey", "\(site):signEvent:1"])
        let host = try startHost(scratch, home)

        let pubkey = try host.request(["id": 1, "origin": site, "method": "getPublicKey"])
        #expect(pubkey["id"] as? Int == 1)
        #expect(pubkey["result"] as? String == home.pubkey, "\(pubkey)")

        let event: [String: Any] = ["kind": 1, "created_at": 1_760_000_000, "tags": [], "content": "signed in the browser"]
        let signed = try host.request(["id": 2, "origin": site, "method": "signEvent", "params": ["event": event]])
        let result = try #require(signed["result"] as? [String: Any], "\(signed)")
        let parsed = try Event(json: try JSONSerialization.data(withJSONObject: result))
        try parsed.verify()
        #expect(parsed.pubkey.hex == home.pubkey && parsed.content == "signed in the browser")

        // Another kind, and another site, have no rule and nobody to ask here.
        let otherKind = try host.request(["id": 3, "origin": site, "method": "signEvent", "params": ["event": ["kind": 4, "content": ""]]])
        #expect((otherKind["error"] as? String)?.contains("wants to sign kind 4 events as you (profile 'default'), and there is no way to ask you") == true, "\(otherKind)")
        let otherSite = try host.request(["id": 4, "origin": "https://elsewhere.example", "method": "getPublicKey"])
        #expect(otherSite["result"] == nil)
        #expect((otherSite["error"] as? String)?.contains(#"allow = ["https://elsewhere.example:getPublicKey"]"#) == true, "\(otherSite)")

        let end = try host.finish()
        #expect(end.status == 0, "\(host.stderr)")
        #expect(end.cleanEnd, "stdout carried more than frames")
    }

    /// Under a master passphrase the helper answers while `linkstr unlock` holds the key, and
    /// refuses from the next request after `linkstr lock`, saying how to unlock.
    @Test func refusesWhileLockedAndSaysToUnlock() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try makeHome(scratch, allow: ["\(site):getPublicKey"])
        #expect(try home.run(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let unlocked = try home.run(["unlock", "--passphrase-stdin"], stdin: "correct horse\n")
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        defer { HomeUnlockAgent.stop(home.path) }

        let host = try startHost(scratch, home)
        let answered = try host.request(["id": 1, "origin": site, "method": "getPublicKey"])
        #expect(answered["result"] as? String == home.pubkey, "\(answered)")

        #expect(try home.run(["lock"]).status == 0)
        let refused = try host.request(["id": 2, "origin": site, "method": "getPublicKey"])
        #expect(refused["result"] == nil)
        #expect(refused["error"] as? String == "linkstr profile 'default' is locked; run `linkstr unlock` to use it in the browser", "\(refused)")
        #expect(try host.finish().status == 0)
    }

    private struct Whoami: Decodable {
        var pubkey: String
    }

    /// A site allowed as one profile is not allowed as the next one after `profile use`, and the
    /// running helper answers as the new profile from its next request on.
    @Test func aRunningHelperFollowsProfileUseAndKeepsEachProfilesPermissionsApart() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let everywhere = "https://everywhere.example"
        let home = try makeHome(scratch, config: "", allow: ["\(everywhere):getPublicKey"])
        #expect(try home.run(["profile", "add", "personal", "--key-store", "plain"]).status == 0)
        let personal = try home.json(Whoami.self, ["whoami", "--json", "--profile", "personal"]).pubkey
        let host = try startHost(scratch, home, environment: ["DBUS_SESSION_BUS_ADDRESS": server.address])

        try host.send(try JSONSerialization.data(withJSONObject: ["id": 1, "origin": site, "method": "getPublicKey"]))
        #expect(await eventually(within: 15) { server.notifications.count == 1 }, "no question was shown; host stderr: \(host.stderr)")
        try server.invoke("allow")
        #expect(try host.reply()["result"] as? String == home.pubkey)
        #expect(try host.request(["id": 2, "origin": site, "method": "getPublicKey"])["result"] as? String == home.pubkey)

        #expect(try home.run(["profile", "use", "personal"]).status == 0)
        // The site allowed as 'default' is asked about again, as 'personal'; denied, it learns nothing.
        try host.send(try JSONSerialization.data(withJSONObject: ["id": 3, "origin": site, "method": "getPublicKey"]))
        #expect(await eventually(within: 15) { server.notifications.count == 2 }, "no question as 'personal'; host stderr: \(host.stderr)")
        #expect(server.notifications.last?["body"] as? String == "\(site) wants to know your public key (profile 'personal')")
        try server.invoke("deny")
        let refused = try host.reply()
        #expect(refused["result"] == nil && refused["error"] as? String == "linkstr refused: you denied \(site):getPublicKey", "\(refused)")
        // A site allowed for every profile gets the new profile's key from the same helper.
        #expect(try host.request(["id": 4, "origin": everywhere, "method": "getPublicKey"])["result"] as? String == personal)

        #expect(try home.run(["profile", "use", "default"]).status == 0)
        #expect(try host.request(["id": 6, "origin": site, "method": "getPublicKey"])["result"] as? String == home.pubkey, "remembered as 'default'")
        #expect(server.notifications.count == 2)
        #expect(try host.finish().status == 0)
        #expect(host.stderr.contains("the active profile is now 'personal'"), "\(host.stderr)")
    }

    /// `[browser.profiles.NAME]` rules decide only for that profile.
    @Test func aProfilesOwnRulesDoNotReachAnotherProfile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try makeHome(scratch, allow: [])
        let config = try String(contentsOfFile: home.path + "/config.toml", encoding: .utf8)
        try (config + "[browser.profiles.default]\nallow = [\"\(site):getPublicKey\"]\n").write(
            toFile: home.path + "/config.toml", atomically: true, encoding: .utf8)
        #expect(try home.run(["profile", "add", "personal", "--key-store", "plain", "--use"]).status == 0)
        let host = try startHost(scratch, home)
        let refused = try host.request(["id": 1, "origin": site, "method": "getPublicKey"])
        #expect(refused["result"] == nil)
        #expect((refused["error"] as? String)?.contains(#"allow = ["\#(site):getPublicKey"] in the [browser.profiles.personal] section"#) == true, "\(refused)")
        #expect(try home.run(["profile", "use", "default"]).status == 0)
        #expect(try host.request(["id": 2, "origin": site, "method": "getPublicKey"])["result"] as? String == home.pubkey)
        #expect(try host.finish().status == 0)
    }

    @Test func aHomeWithoutAnAccountAnswersEveryRequestWithWhyNot() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let empty = scratch.folder("empty")
        let host = try NativeHostClient(
            BuildProducts.linkstrExecutable, ["browser", "host", "--home", empty, "chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/"],
            environment: ProcessRunner.linkstrEnvironment())
        let reply = try host.request(["id": "a", "origin": site, "method": "getPublicKey"])
        #expect(reply["id"] as? String == "a")
        #expect((reply["error"] as? String)?.contains("no account") == true, "\(reply)")
        #expect(try host.finish().status == 0)
    }

    @Test func asksWithADesktopNotificationAndRemembersTheAnswer() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        // No `notifiers` line: the desktop notifier is used when a notification server answers.
        let home = try makeHome(scratch, config: "", allow: [])
        let host = try startHost(scratch, home, environment: ["DBUS_SESSION_BUS_ADDRESS": server.address])

        try host.send(try JSONSerialization.data(withJSONObject: ["id": 1, "origin": site, "method": "getPublicKey"]))
        #expect(await eventually(within: 15) { server.notifications.count == 1 }, "no question was shown; host stderr: \(host.stderr)")
        let question = try #require(server.notifications.first)
        #expect(question["actions"] as? [String] == ["allow", "Allow", "deny", "Deny"])
        #expect(question["body"] as? String == "\(site) wants to know your public key (profile 'default')")
        try server.invoke("allow")
        #expect(try host.reply()["result"] as? String == home.pubkey)

        // Remembered: no second question.
        #expect(try host.request(["id": 2, "origin": site, "method": "getPublicKey"])["result"] as? String == home.pubkey)
        #expect(server.notifications.count == 1)

        try host.send(try JSONSerialization.data(withJSONObject: ["id": 3, "origin": site, "method": "nip44.decrypt", "params": [:]]))
        #expect(await eventually(within: 15) { server.notifications.count == 2 })
        try server.invoke("deny")
        #expect(try host.reply()["error"] as? String == "linkstr refused: you denied \(site):nip44.decrypt")
        #expect(try host.finish().status == 0)

        let remembered = try String(contentsOfFile: home.path + "/data/browser-permissions.json", encoding: .utf8)
        #expect(remembered.contains("\"decision\" : \"deny\"") && remembered.contains("\"decision\" : \"allow\""))
    }
}
