import Foundation
import PluginTesting
import Synchronization
import TestSupport
import Testing

/// What an app test stands on: a scratch folder, a real local relay (rust-nostr's) unless asked for
/// none, homes with accounts that use it, and the apps started on them. `stop()` ends the apps, then
/// the relay, and removes the folder: one `defer` for all of it.
final class AppFixture: Sendable {
    let scratch: TestScratch
    let relay: TestRelay?
    /// The homes named to `start`, in that order, then those `home` added.
    var homes: [LinkstrHome] { added.withLock { $0 } }
    private let added: Mutex<[LinkstrHome]>
    private let apps = Mutex<[RunningApp]>([])

    private init(scratch: TestScratch, relay: TestRelay?, homes: [LinkstrHome]) {
        self.scratch = scratch
        self.relay = relay
        added = Mutex(homes)
    }

    /// A scratch folder (named after the test), a relay unless `relay` is false, and a home with an
    /// account for each of `names`, using the relay; `config` follows the relay list in each config.toml.
    static func start(_ names: String..., relay: Bool = true, config: String = "", label: String = #function) async throws -> AppFixture {
        let scratch = TestScratch(label)
        do {
            let started = relay ? try await TestRelay.start(.rust, scratch: scratch) : nil
            let fixture = AppFixture(scratch: scratch, relay: started, homes: [])
            do {
                for name in names { _ = try fixture.home(name, config: config) }
            } catch {
                fixture.stop()
                throw error
            }
            return fixture
        } catch {
            scratch.remove()
            throw error
        }
    }

    /// The relay's URL; only for a fixture started with a relay.
    var relayURL: String {
        guard let relay else { preconditionFailure("this fixture was started with relay: false") }
        return relay.url
    }

    /// The relays a new home names: the fixture's, or none.
    private var relays: [String] { relay.map { [$0.url] } ?? [] }

    /// Another home with an account on the fixture's relay (a config of its own).
    func home(_ name: String, config: String = "") throws -> LinkstrHome {
        let home = try LinkstrHome.create(scratch, name, relays: relays, config: config)
        added.withLock { $0.append(home) }
        return home
    }

    /// A home folder without an account whose config.toml names the fixture's relay.
    func emptyHome(_ name: String) -> String {
        let folder = scratch.folder(name)
        scratch.write("\(name)/config.toml", "relays = [" + relays.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n")
        return folder
    }

    /// `linkstr app` for the home folder `path`, ended by `stop()`; the arguments are `RunningApp.start`'s.
    func app(
        _ path: String, _ arguments: [String] = [], browser: String? = nil, opening link: String? = nil, environment: [String: String] = [:]
    ) async throws -> RunningApp {
        let app = try await RunningApp.start(home: path, arguments, browser: browser, opening: link, environment: environment)
        apps.withLock { $0.append(app) }
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

    /// Ends the apps (the last started first), then the relay; removes the scratch folder.
    func stop() {
        for app in apps.withLock({ $0 }).reversed() { app.process.terminate(within: 10) }
        relay?.process.stop()
        scratch.remove()
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test in headless Chromium: skipped, saying why, where Chromium or its driver is missing.
    static var needsChromium: Self {
        .enabled(if: WebAppBrowserTests.installed, "chromium and chromium-driver are not installed (Debian packages; scripts/bootstrap.sh installs them)")
    }
}
