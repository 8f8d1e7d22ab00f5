import Foundation
import PluginTesting
import TestSupport
import Testing

/// `linkstr app` as a command: its options and how it opens the app.
@Suite(.timeLimit(.minutes(1))) struct AppCommandTests {
    @Test("--port chooses the port; a port out of range is a usage error")
    func portOption() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try LinkstrHome.create(scratch, "alice", relays: [])
        let port = FreePort.next()
        let app = try await RunningApp.start(home: home.path, ["--port", String(port)])
        defer { app.process.terminate(within: 10) }
        #expect(app.port == port && app.url.hasPrefix("http://127.0.0.1:\(port)/launch?token="))
        #expect(try SignedIn(app).get("/").status == 200)
        let wrong = try home.run(["app", "--port", "70000", "--no-browser"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--port 70000: give a port from 1 to 65535"), "\(wrong.stderr)")
    }

    @Test("linkstr app opens a Chromium --app window when one is installed, else xdg-open, with the launch address")
    func opensTheAppInABrowser() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try LinkstrHome.create(scratch, "alice", relays: [])
        // Stand-ins that write down how they were started.
        let withChromium = scratch.folder("with-chromium"), withoutChromium = scratch.folder("without-chromium")
        for name in ["with-chromium/chromium", "with-chromium/xdg-open", "without-chromium/xdg-open"] {
            chmod(scratch.write(name, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.args\"\n"), 0o755)
        }
        let chromium = try await RunningApp.start(home: home.path, browser: withChromium)
        #expect(await eventually { FileManager.default.fileExists(atPath: withChromium + "/chromium.args") })
        chromium.process.terminate(within: 10)
        #expect(try String(contentsOfFile: withChromium + "/chromium.args", encoding: .utf8) == "--app=\(chromium.url)\n")
        #expect(!FileManager.default.fileExists(atPath: withChromium + "/xdg-open.args"))

        let xdgOpen = try await RunningApp.start(home: home.path, browser: withoutChromium)
        #expect(await eventually { FileManager.default.fileExists(atPath: withoutChromium + "/xdg-open.args") })
        xdgOpen.process.terminate(within: 10)
        #expect(try String(contentsOfFile: withoutChromium + "/xdg-open.args", encoding: .utf8) == "\(xdgOpen.url)\n")
    }

    @Test("an open event stream does not hold the app: SIGTERM ends the stream and the app, exit 0")
    func sigtermEndsOpenEventStreams() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try LinkstrHome.create(scratch, "alice", relays: [])
        let app = try await RunningApp.start(home: home.path)
        defer { app.process.terminate(within: 10) }
        let client = try SignedIn(app)
        // The stream is read until the server closes it, on a thread of its own.
        let stream = Task.detached { try client.get("/events") }
        try await Task.sleep(for: .milliseconds(300))
        #expect(app.process.terminate(within: 15) == 0, "\(app.process.stderr)")
        let answer = try await stream.value
        #expect(answer.status == 200 && answer.header("content-type") == "text/event-stream" && answer.body.hasPrefix(": open"), "\(answer)")
    }
}
