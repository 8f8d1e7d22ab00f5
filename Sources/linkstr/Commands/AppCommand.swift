import ArgumentParser
import Foundation
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
            home without an account starts with onboarding (create an account, sign in with an
            nsec, or connect a remote signer). While it runs, new posts and reactions appear in the
            open page as they arrive. Its Signer page runs linkstr as a bunker for other Nostr
            clients and asks you, in the page, before a new one may use your key.
            `linkstr app selftest` attacks the app's security layers and fails if one gives way;
            `linkstr app open LINK` opens it at a clicked link's page.

            The window is a Chromium app window of class `linkstr` with a browser profile of its
            own (in the home's state folder). When the background service serves the app ([app]
            serve = true in config.toml), linkstr app only opens a window on it, with a fresh
            one-time launch address, and exits; --port starts a server of its own anyway.

            Example:
              linkstr app
              linkstr app --no-browser --json
              {"port":41237,"url":"http://127.0.0.1:41237/launch?token=…"}
            """,
        subcommands: [AppOpenCommand.self, AppSelftestCommand.self])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        try await options.open(link: nil, global)
    }
}

/// `linkstr app open [LINK]`: what the desktop's launcher and link handlers run.
struct AppOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open the app at a clicked linkstr://, bunker:// or nostrconnect:// link's page.",
        discussion: """
            What the desktop's launcher and link handlers run (`linkstr desktop install`): the app
            opens at the link's page — the post it shares, or what it asks for (save the page,
            connect to a remote signer), which happens only once you confirm it there. Without a
            LINK (the launcher started from the menu), it is `linkstr app`.

            Example:
              linkstr app open 'linkstr://save?url=https%3A%2F%2Fexample.com&tag=later'
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp("A clicked linkstr://, bunker:// or nostrconnect:// link.", valueName: "link"))
    var link: String?

    func run() async throws {
        try await options.open(link: link, global)
    }
}

/// The options of `linkstr app` and `linkstr app open`, and what they do.
struct AppOptions: ParsableArguments {
    @OptionGroup var store: KeyStoreOption
    @Option(help: ArgumentHelp("The port to listen on at 127.0.0.1 (default: a free one).", valueName: "port")) var port: Int = 0
    @Flag(help: "Only print the app's address; open no browser.") var noBrowser = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): give a port from 1 to 65535 (or 0 for a free one)") }
    }

    /// Opens a window on the background service's app when it serves one (and --port is not
    /// given), else serves the app here until interrupted; at `link`'s page when given.
    func open(link: String?, _ global: GlobalOptions) async throws {
        let environment = ProcessInfo.processInfo.environment
        let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: environment)
        let profile = paths.stateDirectory + "/app-window"
        let (json, noBrowser) = (global.json, noBrowser)
        if port == 0, let launch = Self.hostedLaunch(HostedApp.filePath(stateDirectory: paths.stateDirectory, environment: environment)) {
            Self.show(link.map(launch.url(opening:)) ?? launch.url, port: launch.port, profile: profile, json: json, noBrowser: noBrowser)
            return
        }
        let keyStore = store.keyStore == nil ? nil : try store.resolve(global.accounts())
        let app = WebApp(configuration: global.runtimeConfiguration, keyStore: keyStore, port: port)
        do {
            try await app.run { launch in
                Self.show(link.map(launch.url(opening:)) ?? launch.url, port: launch.port, profile: profile, json: json, noBrowser: noBrowser)
            }
        } catch {
            throw CLIFailure(.failed, "the app stopped: \(error)")
        }
    }

    /// Prints the launch address and opens a window on it (unless --no-browser).
    private static func show(_ url: String, port: Int, profile: String, json: Bool, noBrowser: Bool) {
        if json {
            Terminal.printJSON(AppCommand.Address(url: url, port: port))
        } else {
            Terminal.write("linkstr app is at \(url)\n")
        }
        guard !noBrowser else { return }
        if AppWindow.open(url, profile: profile) == nil {
            Terminal.say("no browser to open it with (neither Chromium nor xdg-open); open the address above in one")
        }
    }

    /// A fresh launch address of the app the background service serves, when it does; nil (after
    /// saying why, when there is a reason) to serve one here.
    private static func hostedLaunch(_ urlFile: String) -> WebApp.Launch? {
        do throws(HostedApp.Failure) {
            guard let address = try HostedApp.read(urlFile) else { return nil }
            return WebApp.Launch(url: try HostedApp.launchURL(address), port: address.port)
        } catch {
            Terminal.say("note: \(error); starting the app here")
            return nil
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
            Terminal.printJSON(
                Report(ok: checks.allSatisfy(\.passed), checks: checks.map { Report.Check(name: $0.name, passed: $0.passed, detail: $0.detail) }))
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

extension AppCommand {
    /// `{"url","port"}`: where the app serves, its one-time launch address.
    struct Address: Encodable {
        let url: String
        let port: Int
    }
}

extension AppSelftestCommand {
    /// `{"ok","checks"}`: whether every security layer held, and each check.
    struct Report: Encodable {
        let ok: Bool
        let checks: [Check]

        /// `{"name","passed","detail"}`: one attack, and what the app answered.
        struct Check: Encodable {
            let name: String
            let passed: Bool
            let detail: String
        }
    }
}
