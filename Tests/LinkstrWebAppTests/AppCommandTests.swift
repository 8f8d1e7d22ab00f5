import Foundation
import LinkstrWebApp
import PluginTesting
import TestSupport
import Testing

/// `linkstr app` as a command: its options and how it opens the app.
@Suite(.timeLimit(.minutes(1))) struct AppCommandTests {
    @Test("--port chooses the port; a port out of range is a usage error")
    func portOption() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        let port = FreePort.next()
        let app = try await world.app(home, ["--port", String(port)])
        #expect(app.port == port && app.url.hasPrefix("http://127.0.0.1:\(port)/launch?token="))
        #expect(try SignedIn(app).get("/").status == 200)
        let wrong = try home.run(["app", "--port", "70000", "--no-browser"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--port 70000: give a port from 1 to 65535"), "\(wrong.stderr)")
    }

    @Test("linkstr app opens a Chromium --app window when one is installed, else xdg-open, with the launch address")
    func opensTheAppInABrowser() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        // Stand-ins that write down how they were started.
        let withChromium = world.scratch.folder("with-chromium"), withoutChromium = world.scratch.folder("without-chromium")
        for name in ["with-chromium/chromium", "with-chromium/xdg-open", "without-chromium/xdg-open"] {
            chmod(world.scratch.write(name, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.args\"\n"), 0o755)
        }
        let chromium = try await world.app(home.path, browser: withChromium)
        #expect(await eventually { FileManager.default.fileExists(atPath: withChromium + "/chromium.args") })
        chromium.process.terminate(within: 10)
        // A window of class linkstr (the launcher's StartupWMClass), with a browser profile of its own.
        #expect(
            try String(contentsOfFile: withChromium + "/chromium.args", encoding: .utf8)
                == "--app=\(chromium.url)\n--class=linkstr\n--user-data-dir=\(home.path)/state/app-window\n--no-first-run\n--no-default-browser-check\n")
        #expect(!FileManager.default.fileExists(atPath: withChromium + "/xdg-open.args"))

        let xdgOpen = try await world.app(home.path, browser: withoutChromium)
        #expect(await eventually { FileManager.default.fileExists(atPath: withoutChromium + "/xdg-open.args") })
        xdgOpen.process.terminate(within: 10)
        #expect(try String(contentsOfFile: withoutChromium + "/xdg-open.args", encoding: .utf8) == "\(xdgOpen.url)\n")
    }

    @Test("linkstr app open LINK opens the window at the link's page, once the launch token is used")
    func opensAClickedLinksPage() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        let browser = world.scratch.folder("browser")
        chmod(world.scratch.write("browser/chromium", "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.args\"\n"), 0o755)
        let link = "linkstr://save?url=https%3A%2F%2Fexample.com%2Fa-page&tag=later"
        let app = try await world.app(home.path, browser: browser, opening: link)
        #expect(await eventually { FileManager.default.fileExists(atPath: browser + "/chromium.args") })
        let arguments = try String(contentsOfFile: browser + "/chromium.args", encoding: .utf8).split(separator: "\n")
        let next = "/open?link=" + link.addingPercentEncoding(withAllowedCharacters: Self.unreserved)!
        #expect(arguments.first == "--app=\(app.url)" && app.url.hasSuffix("&next=" + next.addingPercentEncoding(withAllowedCharacters: Self.unreserved)!), "\(arguments)")

        // The launch goes to the link's page (and only to a path of the app's own).
        let launch = try PlainHTTPClient.send(port: app.port, path: String(app.url.dropFirst(app.origin.count)), headers: [("Host", app.host)])
        #expect(launch.status == 303 && launch.header("location") == next, "\(launch)")
        let cookie = String(launch.header("set-cookie")?.split(separator: ";").first ?? "")
        let page = try PlainHTTPClient.send(port: app.port, path: next, headers: [("Host", app.host), ("Cookie", cookie)])
        #expect(page.status == 200 && page.body.contains("Save this link?") && page.body.contains("https://example.com/a-page"), "\(page)")
        for elsewhere in ["//evil.example/", "/\\evil.example/", "https://evil.example/"] {
            let again = try PlainHTTPClient.send(
                port: app.port, path: "/launch?next=" + elsewhere.addingPercentEncoding(withAllowedCharacters: Self.unreserved)!,
                headers: [("Host", app.host), ("Cookie", cookie)])
            #expect(again.status == 303 && again.header("location") == "/", "\(elsewhere): \(again)")
        }
    }

    static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    @Test("an open event stream does not hold the app: SIGTERM ends the stream and the app, exit 0")
    func sigtermEndsOpenEventStreams() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        let app = try await world.app(home)
        let client = try SignedIn(app)
        // The stream is read until the server closes it, on a thread of its own.
        let stream = Task.detached { try client.get("/events") }
        try await Task.sleep(for: .milliseconds(300))
        #expect(app.process.terminate(within: 15) == 0, "\(app.process.stderr)")
        let answer = try await stream.value
        #expect(answer.status == 200 && answer.header("content-type") == "text/event-stream" && answer.body.hasPrefix(": open"), "\(answer)")
    }
}
