import ArgumentParser
import Foundation
import LinkstrHost
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
        configuration.onAuthURL = { url in Terminal.say("the remote signer asks you to approve this first; open \(url)") }
        return configuration
    }

    /// Opens the host (paths and configuration; no plugin loaded yet). A configuration that cannot
    /// be used is bad input (exit 2).
    func openHost() throws(CLIFailure) -> LinkstrHost {
        do {
            return try Composition.host(runtimeConfiguration)
        } catch {
            throw error.failure
        }
    }

    /// Loads the plugins of an opened host and checks the plugin ids that `--storage` and the
    /// configuration name (exit 2 for one that no installed plugin has).
    func loadPlugins(_ host: LinkstrHost) throws(CLIFailure) {
        do {
            try Composition.loadPlugins(host, runtimeConfiguration)
        } catch {
            throw error.failure
        }
    }
}
