import ArgumentParser
import Foundation
import LinkstrRuntime

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Keep all state (config, data, keys, cache) under this folder.", valueName: "dir"))
    var home: String?

    @Option(name: .long, help: ArgumentHelp("Read this config.toml instead of the default one.", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Print one JSON document for programs instead of human output.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this storage backend for this launch: sqlite, memory, postgresql or a plugin id (memory keeps nothing; use it when the database cannot be opened).",
            valueName: "backend"))
    var storage: String?

    @Option(name: .long, help: ArgumentHelp("Act as this profile of the home for this command, without switching to it.", valueName: "name"))
    var profile: String?

    /// These options as the runtime's configuration.
    var runtimeConfiguration: RuntimeConfiguration {
        var configuration = RuntimeConfiguration(home: home, configFile: config, storage: storage, profile: profile)
        configuration.onAuthURL = Self.showAuthChallenge
        configuration.appCommand = [RunningExecutable.current, "app", "open"] + [("--home", home), ("--config", config), ("--profile", profile)]
            .flatMap { option, value in value.map { [option, $0] } ?? [] }
        return configuration
    }

    /// A remote signer's `auth_url`: said on stderr, and opened in the browser when a desktop
    /// session is there to show it (`DISPLAY` or `WAYLAND_DISPLAY`).
    @Sendable static func showAuthChallenge(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        let desktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let opened = desktop && (try? LinkOpener(log: HostLog(threshold: .warn), source: "remote signer").open(url)) != nil
        Terminal.say("the remote signer asks you to approve this first; open \(url)\(opened ? " (opened in your browser)" : "")")
    }

    /// A new app of these options: what a command works with, opened as it asks for its parts.
    func app() -> LinkstrApp {
        LinkstrApp(runtimeConfiguration)
    }

    /// Runs `body` with a new app of these options, then closes the app, whether `body` returned or threw.
    func withApp<Value>(_ body: (LinkstrApp) async throws -> Value) async throws -> Value {
        let app = app()
        do {
            let value = try await body(app)
            await app.close()
            return value
        } catch {
            await app.close()
            throw error
        }
    }

    /// Opens the host (paths and configuration; no plugin loaded yet). A configuration that cannot
    /// be used is bad input (exit 2).
    func openHost() throws(CLIFailure) -> LinkstrHost {
        do {
            return try app().host()
        } catch {
            throw error.failure
        }
    }

    /// Runs `body` with the media use cases of this home, its plugins loaded (exit 2 for a configuration
    /// that cannot be used, or that names a plugin no installed one has), then closes the app.
    func withMedia<Value>(_ body: (MediaRuntime) async throws -> Value) async throws -> Value {
        try await withApp { app in
            let media: MediaRuntime
            do throws(LinkstrError) {
                media = try app.media()
            } catch {
                throw error.failure
            }
            return try await body(media)
        }
    }

    /// The host of `app` with its plugins loaded, checking the plugin ids that `--storage` and the
    /// configuration name (exit 2 for one that no installed plugin has).
    func plugins(of app: LinkstrApp) throws(CLIFailure) -> LinkstrHost {
        do {
            return try app.loadPlugins()
        } catch {
            throw error.failure
        }
    }

    /// Runs `body` with the host of a new app, its plugins loaded (see `plugins(of:)`), then closes the app.
    func withPlugins<Value>(_ body: (LinkstrHost) async throws -> Value) async throws -> Value {
        try await withApp { app in try await body(try plugins(of: app)) }
    }

    /// The profiles of this home, acting on the one `--profile` names (else the active one).
    func accounts() throws(CLIFailure) -> AccountManager {
        do {
            return try app().accounts()
        } catch {
            throw error.failure
        }
    }
}
