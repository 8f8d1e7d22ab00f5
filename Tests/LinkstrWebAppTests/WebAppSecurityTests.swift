import Foundation
import LinkstrRuntime
import LinkstrWebApp
import PluginTesting
import TestSupport
import Testing

/// The app's security layers, attacked with a plain HTTP client (no browser protections) against
/// real servers: `linkstr app` as a program over a home with an account, and the library's server
/// in this process.
@Suite(.timeLimit(.minutes(1))) struct WebAppSecurityTests {
    @Test("linkstr app prints its address first, refuses each attack without changing anything, and stops on SIGTERM")
    func attacksAreRefusedAndChangeNothing() async throws {
        let world = try await TestWorld.start("alice", "bob", relay: nil)
        defer { world.stop() }
        let (home, bob) = (world.homes[0], world.homes[1])
        let app = try await world.app(home)
        #expect(app.url.hasPrefix("http://127.0.0.1:\(app.port)/launch?token="))
        let token = String(app.url.split(separator: "=").last ?? "")
        #expect(token.count == 64, "the launch token is 32 random bytes: \(app.url)")

        // DNS rebinding: the right token under another host name is refused, and not spent.
        let rebound = try PlainHTTPClient.send(port: app.port, path: "/launch?token=\(token)", headers: [("Host", "evil.example:\(app.port)")])
        #expect(rebound.status == 403 && rebound.header("x-linkstr-refused") == "host")
        #expect(rebound.header("content-security-policy")?.contains("frame-ancestors 'none'") == true, "refusals carry the policy too")
        let noCookie = try PlainHTTPClient.send(port: app.port, path: "/", headers: [("Host", app.host)])
        #expect(noCookie.status == 403 && noCookie.header("x-linkstr-refused") == "session")

        let signedIn = try SignedIn(app)
        #expect(signedIn.launch.status == 303 && signedIn.launch.header("location") == "/")
        let setCookie = try #require(signedIn.launch.header("set-cookie"))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/"))
        let csrf = signedIn.csrf
        let reused = try PlainHTTPClient.send(port: app.port, path: "/launch?token=\(token)", headers: [("Host", app.host)])
        #expect(reused.status == 403 && reused.header("x-linkstr-refused") == "token")

        let form = "csrf=\(csrf)&key=\(bob.npub)&alias=bob"
        let crossOrigin = try signedIn.forge("/contacts", origin: "http://evil.example", body: form)
        #expect(crossOrigin.status == 403 && crossOrigin.header("x-linkstr-refused") == "origin")
        let noOrigin = try signedIn.forge("/contacts", origin: nil, body: form)
        #expect(noOrigin.status == 403 && noOrigin.header("x-linkstr-refused") == "origin")
        let noToken = try signedIn.forge("/contacts", origin: app.origin, body: "key=\(bob.npub)&alias=bob")
        #expect(noToken.status == 403 && noToken.header("x-linkstr-refused") == "csrf")
        let noSession = try signedIn.forge("/contacts", origin: app.origin, body: form, withSession: false)
        #expect(noSession.status == 403 && noSession.header("x-linkstr-refused") == "session")

        // Nothing changed: Alice still has no contact.
        let contacts = try home.run(["contact", "list", "--json"])
        #expect(contacts.status == 0 && contacts.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(contacts.stdout)\(contacts.stderr)")

        #expect(app.process.terminate(within: 15) == 0, "linkstr app did not end cleanly on SIGTERM: \(app.process.stderr)")
    }

    @Test("linkstr app selftest attacks an app for the home and passes")
    func selftestPasses() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try LinkstrHome.create(scratch, "alice", relays: [])
        let run = try home.run(["app", "selftest"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 14 && lines.allSatisfy { $0.hasPrefix("ok ") }, "\(run.stdout)")
        #expect(run.stdout.contains("a cross-origin POST is refused: HTTP 403, refused by the origin check"))
        #expect(run.stdout.contains("a file upload without the CSRF token is refused: HTTP 403, refused by the csrf check"), "\(run.stdout)")
    }

    @Test("linkstr app selftest fails loudly against a server that lets everything through")
    func selftestFailsAgainstAnOpenServer() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let port = FreePort.next()
        let server = try ExternalProcess(
            executable: ExternalProcess.python, ["-m", "http.server", "--bind", "127.0.0.1", "--directory", scratch.folder("site"), String(port)])
        defer { server.stop() }
        #expect(await eventually(within: 10) { (try? PlainHTTPClient.send(port: port, path: "/", headers: [("Host", "127.0.0.1")])) != nil })
        let run = try ProcessRunner.linkstr(["app", "selftest", "--url", "http://127.0.0.1:\(port)/launch?token=abc", "--home", scratch.folder("home")])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("FAIL a rebinding Host header is refused (even with the right token): HTTP 404, not refused"), "\(run.stdout)")
        #expect(run.stderr.contains("security checks failed"), "\(run.stderr)")
    }

    @Test("the library's server, run in this process over a home without an account, passes every attack")
    func inProcessServerPassesTheSelftest() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let app = WebApp(configuration: RuntimeConfiguration(home: scratch.folder("home")), keyStore: .plain, watches: false)
        let (launches, launched) = AsyncStream.makeStream(of: WebApp.Launch.self)
        let serving = Task {
            defer { launched.finish() }
            try await app.run { launched.yield($0) }
        }
        defer { serving.cancel() }
        var checks: [WebAppSelftest.Check] = []
        for await launch in launches {
            checks = await WebAppSelftest.attack(launchURL: launch.url)
            break
        }
        #expect(checks.count == 14)
        for check in checks { #expect(check.passed, "\(check.name): \(check.detail)") }
    }
}
