import Foundation
import LinkstrWebApp
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// linkstr as a bunker from the app, two parties through a real local relay: another Nostr client
/// (rust-nostr) connects to the app's bunker, the person approves it in the app, and the client's
/// signed event verifies with the account's key. The attacks first: a change from another origin or
/// without the CSRF token neither starts the bunker nor answers a client's question, and no page
/// holds the account's secret key.
@Suite(.timeLimit(.minutes(3))) struct WebAppSignerTests {
    /// A bare NIP-46 client's `connect` naming its permissions and name, sent to the bunker of `link`
    /// from `appSecret`'s key; the process prints the answer (`ANSWER {…}`) once it comes.
    static func connect(_ link: String, appSecret: SecretKey, relay: String, permissions: String, name: String) throws -> ExternalProcess {
        let components = try #require(URLComponents(string: link))
        let bunker = try #require(components.host)
        let secret = try #require(components.queryItems?.first { $0.name == "secret" }?.value)
        let metadata = "{\"name\":\"\(name)\"}"
        let params = [bunker, secret, permissions, metadata].map { "\"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" }.joined(separator: ",")
        let request = "{\"id\":\"connect-1\",\"method\":\"connect\",\"params\":[\(params)]}"
        let hex = appSecret.exportBytes().map { String(format: "%02x", $0) }.joined()
        return try ExternalProcess(
            script: "nip46_raw_client.py", ["--relay", relay, "--bunker", bunker, "--app-secret", hex, "--wait", "60", "--answers", "1", request])
    }

    /// The first `<input … value="…">` after `marker` in a page, unescaped.
    static func value(after marker: String, in page: String) -> String? {
        guard let rest = page.components(separatedBy: marker).dropFirst().first,
            let value = rest.components(separatedBy: "value=\"").dropFirst().first?.components(separatedBy: "\"").first
        else { return nil }
        return value.replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("a cross-origin or token-less POST neither starts the bunker nor answers a waiting question; no page holds the secret key")
    func attacksCannotStartOrApprove() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let app = try await world.app(alice)
        let signedIn = try SignedIn(app)

        let crossOriginStart = try signedIn.forge("/signer/start", origin: "http://evil.example", body: "csrf=\(signedIn.csrf)")
        #expect(crossOriginStart.status == 403 && crossOriginStart.header("x-linkstr-refused") == "origin")
        let tokenlessStart = try signedIn.forge("/signer/start", origin: app.origin, body: "")
        #expect(tokenlessStart.status == 403 && tokenlessStart.header("x-linkstr-refused") == "csrf")
        #expect(try signedIn.get("/signer").body.contains("Not serving"), "an attack started the bunker")

        #expect(try signedIn.post("/signer/start", []).status == 303)
        let (listening, page) = await signedIn.waitForPage("/signer") { $0.contains("Listening on") }
        #expect(listening, "\(page)")
        let link = try #require(Self.value(after: "id=\"bunker-link\"", in: page))
        #expect(link.hasPrefix("bunker://") && link.contains("secret="), "\(link)")

        let client = try Self.connect(link, appSecret: SecretKey.generate(), relay: world.relayURL, permissions: "nip44_decrypt", name: "Mallory's helper")
        defer { client.stop() }
        let (asked, question) = await signedIn.waitForPage("/signer") { $0.contains("name=\"id\"") }
        #expect(asked, "no question: \(question)")
        let id = try #require(Self.value(after: "name=\"id\"", in: question))
        #expect(question.contains("Mallory&#39;s helper") && question.contains("nip44_decrypt"), "\(question)")
        #expect(
            question.contains("read your private sessions, saved links and every NIP-44 message sent to you"), "the grant is said in the runtime's words: \(question)")

        let crossOriginAnswer = try signedIn.forge("/signer/answer", origin: "http://evil.example", body: "csrf=\(signedIn.csrf)&id=\(id)&answer=always")
        #expect(crossOriginAnswer.status == 403 && crossOriginAnswer.header("x-linkstr-refused") == "origin")
        let nullOriginAnswer = try signedIn.forge("/signer/answer", origin: "null", body: "csrf=\(signedIn.csrf)&id=\(id)&answer=always")
        #expect(nullOriginAnswer.status == 403 && nullOriginAnswer.header("x-linkstr-refused") == "origin")
        let tokenlessAnswer = try signedIn.forge("/signer/answer", origin: app.origin, body: "id=\(id)&answer=always")
        #expect(tokenlessAnswer.status == 403 && tokenlessAnswer.header("x-linkstr-refused") == "csrf")
        let sessionless = try signedIn.forge("/signer/answer", origin: app.origin, body: "csrf=\(signedIn.csrf)&id=\(id)&answer=always", withSession: false)
        #expect(sessionless.status == 403 && sessionless.header("x-linkstr-refused") == "session")
        // The question still waits, and nothing was approved.
        #expect(try signedIn.get("/signer").body.contains(id))
        #expect(try alice.run(["signer", "clients", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        // No page, nor the live part, holds the account's secret key.
        let secretHex = try SecretKey(nsec: alice.nsec).exportBytes().map { String(format: "%02x", $0) }.joined()
        for path in ["/signer", "/signer?fragment=1", "/", "/you", "/settings"] {
            let body = try signedIn.get(path).body
            #expect(!body.contains(alice.nsec) && !body.contains(secretHex), "\(path) holds the secret key")
        }

        // The person's answer, from the app's own page, is the client's.
        #expect(try signedIn.post("/signer/answer", [("id", id), ("answer", "deny")]).status == 303)
        let lines = try await client.finish(timeout: .seconds(30))
        #expect(lines.contains { $0.contains("ANSWER") && $0.contains("the user refused the connection") }, "\(lines)")
        let again = try signedIn.post("/signer/answer", [("id", id), ("answer", "always")])
        #expect(again.status == 400 && again.body.contains("this question is no longer waiting"), "\(again.body)")
    }

    @Test(.needsChromium)
    func anotherClientIsApprovedInTheAppAndSigns() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let app = try await world.app(alice)
        let seen = try world.drive("webapp_signer.py", ["--app", app.url, "--relay", world.relayURL, "--support", ExternalProcess.supportFolder], timeout: 170)
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect((seen["stopped_text"] as? String)?.contains("Not serving") == true, "\(context)")
        #expect(seen["listening"] as? Bool == true && seen["qr_drawn"] as? Bool == true, "\(context)")
        #expect((seen["link"] as? String)?.hasPrefix("bunker://") == true, "\(context)")
        #expect(seen["question_live"] as? Bool == true, "the question did not appear without a reload: \(context)")
        let question = seen["question_text"] as? String ?? ""
        #expect(question.contains("The Nostr client \"Test client\" (\(seen["client_npub"] as? String ?? "?")) asks to use your key to:"), "\(context)")
        #expect(question.contains("sign_event:1: publish public notes as you"), "\(context)")
        #expect((seen["connect_answer"] as? [String: Any])?["result"] as? String == "ack", "\(context)")
        #expect(seen["new_link"] as? Bool == true, "\(context)")

        // The client's event is signed with Alice's key and verifies.
        let signed = try Event(json: try #require(seen["signed"] as? String, "\(context)"))
        #expect(signed.isValid && signed.pubkey.hex == alice.pubkey && signed.kind == 1, "\(context)")
        #expect(seen["log_live"] as? Bool == true, "\(context)")
        #expect((seen["log_text"] as? String)?.contains("sign_event of kind 1") == true, "\(context)")
        #expect((seen["clients_text"] as? String)?.contains("sign_event:1: publish public notes as you") == true, "\(context)")

        #expect(seen["notice_elsewhere"] as? Bool == true, "no notice on the sessions list: \(context)")
        #expect((seen["second_question"] as? String)?.contains("\"Denied client\"") == true, "\(context)")
        #expect((seen["deny_answer"] as? [String: Any])?["error"] as? String == "the user refused the connection", "\(context)")
        #expect((seen["once_answer"] as? [String: Any])?["result"] as? String == "ack", "\(context)")
        #expect((seen["clients_with_once"] as? String)?.contains("Once client") == true, "\(context)")
        #expect(seen["forgot"] as? Bool == true && seen["stopped_again"] as? Bool == true && seen["once_gone"] as? Bool == true, "\(context)")
        WebAppBrowserTests.expectNoSeriousViolation(seen)
        #expect(Set(seen["audited"] as? [String] ?? []).count == 8, "\(context)")

        // What the app did is what the command line sees: the log has the event; the denied, the
        // forgotten and the once-allowed clients are not remembered.
        let log = try alice.run(["signer", "log", "--json"])
        #expect(log.stdout.contains(signed.id.hex), "\(log.stdout)\(log.stderr)")
        let clients = try alice.run(["signer", "clients", "--json"])
        #expect(clients.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(clients.stdout)")
        try WebAppBrowserTests.expectScreenshots(["signer-serving", "signer-question", "signer-clients"])
    }
}
