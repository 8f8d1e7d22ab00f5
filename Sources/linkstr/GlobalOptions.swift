import ArgumentParser
import Foundation
import LinkstrHost

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

    /// Opens the host (paths and configuration; no plugin loaded yet). A configuration that cannot
    /// be used is bad input (exit 2).
    func openHost() throws(CLIFailure) -> LinkstrHost {
        let host: LinkstrHost
        do {
            host = try LinkstrHost.open(home: home, configFile: config, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        guard let storage else { return host }
        var configuration = host.configuration
        configuration.storage = LinkstrHost.builtInStorage[storage] ?? storage
        configuration.providers[CapabilityID.storage] = nil
        return LinkstrHost(paths: host.paths, configuration: configuration, log: host.log)
    }
}
