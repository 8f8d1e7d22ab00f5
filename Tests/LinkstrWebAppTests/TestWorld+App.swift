import Foundation
import PluginTesting
import TestSupport
import Testing

/// The apps of a test: each `linkstr app` started here ends at the world's `stop()`, before its relay.
extension TestWorld {
    /// `linkstr app` for the home folder `path`; the arguments are `RunningApp.start`'s.
    func app(
        _ path: String, _ arguments: [String] = [], browser: String? = nil, opening link: String? = nil, environment: [String: String] = [:]
    ) async throws -> RunningApp {
        let app = try await RunningApp.start(home: path, arguments, browser: browser, opening: link, environment: environment)
        onStop { app.process.terminate(within: 10) }
        return app
    }

    func app(_ home: LinkstrHome, _ arguments: [String] = [], opening link: String? = nil, environment: [String: String] = [:]) async throws -> RunningApp {
        try await app(home.path, arguments, opening: link, environment: environment)
    }

    /// The app of a newcomer: a home `name` without an account (`emptyHome`), keys in the plain store.
    func newcomerApp(_ name: String = "newcomer") async throws -> RunningApp {
        try await app(emptyHome(name), ["--key-store", "plain"])
    }

    /// `linkstr app` for `home`, launched as its window would be (the cookie and the CSRF token).
    func signedIn(_ home: LinkstrHome) async throws -> SignedIn {
        try SignedIn(try await app(home))
    }

    /// Runs one of the Selenium scripts of Tests/Support (`webapp_*.py`) with `arguments` and the
    /// browser's own (screenshots, profiles, Chromium, chromedriver); what it saw, its one JSON object.
    func drive(_ script: String, _ arguments: [String], timeout: Double = 150) throws -> [String: Any] {
        let run = try ProcessRunner.run(
            ExternalProcess.python,
            [ExternalProcess.packageRoot + "/Tests/Support/" + script] + arguments + [
                "--screens", WebAppBrowserTests.screens, "--profiles", scratch.folder("chromium"), "--chromium", WebAppBrowserTests.chromium,
                "--chromedriver", WebAppBrowserTests.chromedriver,
            ],
            environment: ProcessRunner.linkstrEnvironment(["HOME": scratch.folder("user")]), timeout: timeout)
        guard run.status == 0, let seen = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("\(script) exited \(run.status): \(run.stdout)\(run.stderr)")
        }
        return seen
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test in headless Chromium: skipped, saying why, where Chromium or its driver is missing.
    static var needsChromium: Self {
        .enabled(if: WebAppBrowserTests.installed, "chromium and chromium-driver are not installed (Debian packages; scripts/bootstrap.sh installs them)")
    }
}
