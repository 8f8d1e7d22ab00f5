import Foundation
import LinkstrWebApp
import PluginTesting
import TestSupport
import Testing

/// `[app] serve = true`: `linkstr watch` (the background service) serves the app and writes its URL
/// file (mode 0600, in a 0700 folder of `$XDG_RUNTIME_DIR`); `linkstr app` opens windows on it with
/// fresh one-time launch addresses and exits, instead of starting a second server; the open pages
/// follow the service's watch; the file goes when the service stops.
@Suite(.timeLimit(.minutes(2))) struct HostedAppTests {
    @Test func theBackgroundServiceServesTheApp() async throws {
        let world = try await TestWorld.start("alice", config: "[app]\nserve = true\n")
        defer { world.stop() }
        let alice = world.homes[0]
        let bob = try world.home("bob")
        let session = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bob.pubkey]).id
        _ = try bob.sync()
        let runtimeFolder = world.scratch.folder("run")
        chmod(runtimeFolder, 0o700)
        let environment = ["XDG_RUNTIME_DIR": runtimeFolder]

        let watch = try alice.watch(json: true, environment: environment)
        defer { watch.terminate(within: 5) }
        let folder = runtimeFolder + "/linkstr"
        func urlFiles() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") } }
        #expect(await eventually(within: 20) { urlFiles().count == 1 }, "no URL file: \(watch.stderr)")
        let urlFile = folder + "/" + (urlFiles().first ?? "")
        #expect(try Self.mode(folder) == 0o700 && Self.mode(urlFile) == 0o600)
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: urlFile))) as? [String: Any]
        let port = try #require(file?["port"] as? Int)
        #expect(await eventually(within: 20) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")

        // `linkstr app`: a fresh launch address of the running app each time, and it exits.
        var addresses: [String] = []
        for _ in 0..<2 {
            let opened = try ProcessRunner.linkstr(["app", "--no-browser", "--json", "--home", alice.path], environment: environment)
            #expect(opened.status == 0, "\(opened.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any]
            #expect(object?["port"] as? Int == port)
            addresses.append(object?["url"] as? String ?? "")
        }
        #expect(addresses[0].hasPrefix("http://127.0.0.1:\(port)/launch?token=") && addresses[0] != addresses[1], "\(addresses)")
        let host = "127.0.0.1:\(port)"
        let path = String(addresses[0].dropFirst("http://\(host)".count))
        let launched = try PlainHTTPClient.send(port: port, path: path, headers: [("Host", host)])
        #expect(launched.status == 303 && launched.header("set-cookie") != nil, "\(launched)")
        let cookie = String(launched.header("set-cookie")?.split(separator: ";").first ?? "")
        #expect(try PlainHTTPClient.send(port: port, path: "/", headers: [("Host", host), ("Cookie", cookie)]).body.contains("Weekend"))
        let again = try PlainHTTPClient.send(port: port, path: path, headers: [("Host", host)])
        #expect(again.status == 403 && again.header("x-linkstr-refused") == "token", "\(again)")
        // A clicked link (the desktop's handler): a window on the same app, at the link's page.
        let link = "linkstr://open?url=https%3A%2F%2Fexample.org%2Fx"
        let clicked = try ProcessRunner.linkstr(["app", "open", link, "--no-browser", "--json", "--home", alice.path], environment: environment)
        let clickedURL = (try JSONSerialization.jsonObject(with: Data(clicked.stdout.utf8)) as? [String: Any])?["url"] as? String ?? ""
        #expect(clicked.status == 0 && clickedURL.hasPrefix("http://\(host)/launch?token="), "\(clicked.stdout)\(clicked.stderr)")
        let toLink = try PlainHTTPClient.send(port: port, path: String(clickedURL.dropFirst("http://\(host)".count)), headers: [("Host", host)])
        #expect(toLink.status == 303 && toLink.header("location") == WebApp.openPath(for: link), "\(toLink)")
        // Without the file's key, no launch address.
        for authorization in [[], [("Authorization", "Bearer " + String(repeating: "0", count: 64))]] {
            let forged = try PlainHTTPClient.send(port: port, method: "POST", path: "/launch/new", headers: [("Host", host)] + authorization)
            #expect(forged.status == 403 && forged.header("x-linkstr-refused") == "key" && !forged.body.contains("token="), "\(forged)")
        }

        // The open pages follow the service's watch: Bob's post is an event.
        let stream = Task.detached { try PlainHTTPClient.send(port: port, path: "/events", headers: [("Host", host), ("Cookie", cookie)]) }
        try await Task.sleep(for: .milliseconds(300))
        let post = try bob.json(SentPost.self, ["post", session, "https://example.com/live"]).id
        #expect(await eventually(within: 15) { watch.stdoutLines.contains { $0.contains(post) } }, "\(watch.stdoutLines)")

        // A URL file others may read is not trusted: `linkstr app` says so and serves the app itself.
        chmod(urlFile, 0o644)
        let own = try await world.app(alice, environment: environment)
        #expect(own.port != port && own.process.stderr.contains("is not a file of yours that only you can read"), "\(own.process.stderr)")
        own.process.terminate(within: 10)
        chmod(urlFile, 0o600)

        // SIGTERM: the service stops, its event streams end (with the live post in), and the file goes.
        #expect(watch.terminate(within: 15) == 0, "\(watch.stderr)")
        let events = try await stream.value
        #expect(events.body.contains("event: change\ndata: {\"kind\":\"post\",\"session\":\"\(session)\""), "\(events.body)")
        #expect(urlFiles().isEmpty)
    }

    private static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? 0) & 0o777
    }
}
