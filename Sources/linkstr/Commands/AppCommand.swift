import ArgumentParser
import LinkstrRuntime
import LinkstrTerminal
import LinkstrWebApp

/// `linkstr app`: the sessions experience as a local web app, served on 127.0.0.1 and opened in a window.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "Open the linkstr app: your sessions in a browser window, served on this computer only.",
        discussion: """
            Serves the app on 127.0.0.1 (a free port unless --port) until interrupted (Ctrl-C or
            SIGTERM), and opens it in a Chromium or Chrome app window when one is installed, else
            in the desktop's browser (xdg-open). The address printed carries a one-time launch
            token: the first browser to open it gets the session; the address is then spent. A
            home without an account starts with onboarding (create an account or sign in with an
            nsec). While it runs, new posts and reactions appear in the open page as they arrive.
            `linkstr app selftest` attacks the app's security layers and fails if one gives way.

            Example:
              linkstr app
              linkstr app --no-browser --json
              {"port":41237,"url":"http://127.0.0.1:41237/launch?token=…"}
            """,
        subcommands: [AppSelftestCommand.self])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Option(help: ArgumentHelp("The port to listen on at 127.0.0.1 (default: a free one).", valueName: "port")) var port: Int = 0
    @Flag(help: "Only print the app's address; open no browser.") var noBrowser = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): give a port from 1 to 65535 (or 0 for a free one)") }
    }

    func run() async throws {
        let keyStore = store.keyStore == nil ? nil : try store.resolve(global.accounts())
        let app = WebApp(configuration: global.runtimeConfiguration, keyStore: keyStore, port: port)
        let (json, noBrowser) = (global.json, noBrowser)
        do {
            try await app.run { launch in
                if json {
                    Terminal.printJSON(["url": launch.url, "port": launch.port] as [String: Any])
                } else {
                    Terminal.write("linkstr app is at \(launch.url)\n")
                }
                guard !noBrowser else { return }
                if AppWindow.open(launch.url) == nil {
                    Terminal.say("no browser to open it with (neither Chromium nor xdg-open); open the address above in one")
                }
            }
        } catch {
            throw CLIFailure(.failed, "the app stopped: \(error)")
        }
    }
}

/// `linkstr app selftest`: the attacks a hostile page or program would try, against a real app.
struct AppSelftestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selftest", abstract: "Attack the app's security layers; fail if one gives way.",
        discussion: """
            Starts the app for this home on a free port (or attacks the one at --url, a launch
            address not opened yet) and tries, with a plain HTTP client: a rebinding Host header,
            no Host, no session cookie, a wrong and a reused launch token, a cross-origin POST, a
            POST without Origin, without and with a wrong CSRF token, and a file upload without
            it. It also checks the launch
            cookie (HttpOnly, SameSite=Strict, the token gone from the address) and the
            Content-Security-Policy. Exit status 1 when any check fails.

            Example:
              linkstr app selftest
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The launch address of a running app (`linkstr app --no-browser` prints it), not opened yet.", valueName: "url"))
    var url: String?

    func run() async throws {
        let checks: [WebAppSelftest.Check]
        if let url {
            checks = await WebAppSelftest.attack(launchURL: url)
        } else {
            checks = try await attackOwnApp()
        }
        if global.json {
            Terminal.printJSON([
                "ok": checks.allSatisfy(\.passed),
                "checks": checks.map { ["name": $0.name, "passed": $0.passed, "detail": $0.detail] as [String: Any] },
            ] as [String: Any])
        } else {
            for check in checks { Terminal.write("\(check.passed ? "ok  " : "FAIL") \(check.name): \(TerminalText.line(check.detail))\n") }
        }
        let failed = checks.filter { !$0.passed }
        if !failed.isEmpty {
            throw CLIFailure(.failed, "\(failed.count) of \(checks.count) security checks failed: \(failed.map(\.name).joined(separator: "; "))")
        }
    }

    /// Starts an app on a free port (without watching the relays), attacks it, and stops it.
    private func attackOwnApp() async throws -> [WebAppSelftest.Check] {
        let app = WebApp(configuration: global.runtimeConfiguration, keyStore: nil, watches: false)
        let (launches, launched) = AsyncStream.makeStream(of: WebApp.Launch.self)
        let serving = Task {
            defer { launched.finish() }
            try await app.run { launched.yield($0) }
        }
        defer { serving.cancel() }
        for await launch in launches {
            let checks = await WebAppSelftest.attack(launchURL: launch.url)
            serving.cancel()
            _ = await serving.result
            return checks
        }
        throw CLIFailure(.failed, "the app did not start: \(String(describing: await serving.result))")
    }
}
