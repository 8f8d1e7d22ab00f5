import Foundation
import LinkstrWebApp
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The browser helper's questions in the app: a site's request made through `linkstr browser host`
/// (native-messaging frames, as the extension sends them) waits on the app's Signer page, with the
/// site's origin, the profile and what it allows in words, for allow once / always / deny; with no
/// app open, the desktop notification asks as before. The attacks first: a change from another
/// origin, without the CSRF token or without the session answers nothing, and no page holds a secret.
@Suite(.timeLimit(.minutes(3))) struct WebAppBrowserHelperTests {
    static let site = "https://example.org"

    /// `linkstr browser host` for `home`, reaching the apps of the runtime folder `run`.
    static func host(_ scratch: TestScratch, _ home: LinkstrHome, run: String, more: [String: String] = [:]) throws -> NativeHostClient {
        try NativeHostClient(
            BuildProducts.linkstrExecutable, ["browser", "host", "--home", home.path, "chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/"],
            environment: ProcessRunner.linkstrEnvironment(["XDG_RUNTIME_DIR": run].merging(more) { $1 }))
    }

    @Test("a cross-origin, token-less or session-less POST answers no site's question; no page holds a secret; with no app the notification asks")
    func attacksCannotApproveAndTheNotificationIsTheFallback() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let server = try NotificationServer(in: world.scratch)
        defer { server.stop() }
        let home = world.homes[0]
        let run = world.scratch.folder("run")
        let app = try await world.app(home, environment: ["XDG_RUNTIME_DIR": run])
        let signedIn = try SignedIn(app)
        let host = try Self.host(world.scratch, home, run: run, more: ["DBUS_SESSION_BUS_ADDRESS": server.address])

        try host.send(try JSONSerialization.data(withJSONObject: ["id": 1, "origin": Self.site, "method": "signEvent", "params": ["event": ["kind": 1, "content": "hi"]]]))
        let (asked, page) = await signedIn.waitForPage("/signer") { $0.contains("/signer/site-answer") }
        #expect(asked, "no question in the app: \(page)\nhost: \(host.stderr)\napp: \(app.process.stderr)")
        #expect(page.contains("<strong class=\"origin\">\(Self.site)</strong> asks, as profile <strong>default</strong>, to:"), "\(page)")
        #expect(page.contains("<code>signEvent:1</code>: publish public notes as you"), "\(page)")
        #expect(server.notifications.isEmpty, "the notification asked although the app is open")
        let questionID = try #require(page.components(separatedBy: "name=\"id\" value=\"").dropFirst().first?.components(separatedBy: "\"").first)

        let crossOrigin = try signedIn.forge("/signer/site-answer", origin: "http://evil.example", body: "csrf=\(signedIn.csrf)&id=\(questionID)&answer=always")
        #expect(crossOrigin.status == 403 && crossOrigin.header("x-linkstr-refused") == "origin")
        let nullOrigin = try signedIn.forge("/signer/site-answer", origin: "null", body: "csrf=\(signedIn.csrf)&id=\(questionID)&answer=always")
        #expect(nullOrigin.status == 403 && nullOrigin.header("x-linkstr-refused") == "origin")
        let tokenless = try signedIn.forge("/signer/site-answer", origin: app.origin, body: "id=\(questionID)&answer=always")
        #expect(tokenless.status == 403 && tokenless.header("x-linkstr-refused") == "csrf")
        let sessionless = try signedIn.forge(
            "/signer/site-answer", origin: app.origin, body: "csrf=\(signedIn.csrf)&id=\(questionID)&answer=always", withSession: false)
        #expect(sessionless.status == 403 && sessionless.header("x-linkstr-refused") == "session")
        #expect(try signedIn.get("/signer").body.contains(questionID), "an attack answered the question")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/browser-permissions.json"), "an attack decided something")

        let secretHex = try SecretKey(nsec: home.nsec).exportBytes().map { String(format: "%02x", $0) }.joined()
        for path in ["/signer", "/signer?fragment=1", "/", "/settings"] {
            let body = try signedIn.get(path).body
            #expect(!body.contains(home.nsec) && !body.contains(secretHex), "\(path) holds the secret key")
        }

        // The app's own page answers: allowed once, the event is signed and nothing is remembered.
        #expect(try signedIn.post("/signer/site-answer", [("id", questionID), ("answer", "once")]).status == 303)
        let signed = try host.reply()
        let event = try Event(json: try JSONSerialization.data(withJSONObject: try #require(signed["result"] as? [String: Any], "\(signed)")))
        #expect(event.isValid && event.pubkey.hex == home.pubkey && event.kind == 1)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/browser-permissions.json"), "allow once was remembered")
        let again = try signedIn.post("/signer/site-answer", [("id", questionID), ("answer", "always")])
        #expect(again.status == 400 && again.body.contains("this question is no longer waiting"), "\(again.body)")

        // With the app closed, the desktop notification asks, as before.
        app.process.terminate(within: 10)
        try host.send(try JSONSerialization.data(withJSONObject: ["id": 2, "origin": Self.site, "method": "getPublicKey"]))
        #expect(await eventually(within: 20) { server.notifications.count == 1 }, "no notification; host stderr: \(host.stderr)")
        #expect(server.notifications.first?["body"] as? String == "\(Self.site) wants to know your public key (profile 'default')")
        try server.invoke("allow")
        #expect(try host.reply()["result"] as? String == home.pubkey)
        #expect(try host.finish().status == 0)
    }

    @Test(.needsChromium)
    func aSitesRequestIsApprovedInTheApp() async throws {
        let world = try await TestWorld.start("alice", relay: nil, config: "notifiers = []\n")
        defer { world.stop() }
        let home = world.homes[0]
        let run = world.scratch.folder("run")
        let app = try await world.app(home, environment: ["XDG_RUNTIME_DIR": run])
        let seen = try world.drive(
            "webapp_browser_helper.py",
            ["--app", app.url, "--linkstr", BuildProducts.linkstrExecutable, "--home", home.path, "--runtime-dir", run, "--site", Self.site], timeout: 170)
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["notice_elsewhere"] as? Bool == true, "no notice on the sessions list: \(context)")
        #expect(seen["question_shown"] as? Bool == true, "no question on the Signer page: \(context)")
        let question = seen["question_text"] as? String ?? ""
        #expect(question.contains("\(Self.site) asks, as profile default, to:") && question.contains("signEvent:1: publish public notes as you"), "\(context)")

        // Allowed once with keys only: the event is signed with Alice's key and verifies.
        let signed = try Event(json: try JSONSerialization.data(withJSONObject: try #require(seen["signed"] as? [String: Any], "\(context)")))
        #expect(signed.isValid && signed.pubkey.hex == home.pubkey && signed.kind == 1 && signed.content == "signed after the app's question", "\(context)")
        #expect(seen["asked_again"] as? Bool == true, "allow once was remembered, or the question did not appear without a reload: \(context)")
        #expect(seen["denied"] as? String == "linkstr refused: you denied \(Self.site):signEvent:1", "\(context)")
        #expect(seen["public_key"] as? String == home.pubkey && seen["remembered"] as? String == home.pubkey, "\(context)")
        WebAppBrowserTests.expectNoSeriousViolation(seen)
        #expect(Set(seen["audited"] as? [String] ?? []).count == 2, "\(context)")

        // The decisions are the profile's, kept as a notification's are.
        let remembered = try String(contentsOfFile: home.path + "/data/browser-permissions.json", encoding: .utf8)
        #expect(remembered.contains("\"method\" : \"getPublicKey\"") && remembered.contains("\"decision\" : \"allow\""), "\(remembered)")
        #expect(remembered.contains("\"method\" : \"signEvent\"") && remembered.contains("\"decision\" : \"deny\""), "\(remembered)")
        try WebAppBrowserTests.expectScreenshots(["signer-site-question"])
    }
}
