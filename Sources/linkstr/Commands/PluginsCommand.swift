import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the loaded plugins, check or validate one plugin file, run the storage conformance checks on one, or start a new one.",
        discussion: """
            Example:
              linkstr plugins
              linkstr plugins check ./liblinkstr-plugin-vimeo.so
              linkstr plugins validate ./liblinkstr-plugin-vimeo.so
              linkstr plugins new notifier pushover
              linkstr plugins conformance ./liblinkstr-plugin-c-memory.so
            """,
        subcommands: [
            PluginsListCommand.self, PluginsCheckCommand.self, PluginsValidateCommand.self, PluginsConformanceCommand.self, PluginsNewCommand.self,
        ],
        defaultSubcommand: PluginsListCommand.self)
}

struct PluginsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the loaded plugins and their capabilities.",
        discussion: """
            Plugins are searched in: plugin_paths from config.toml, LINKSTR_PLUGIN_PATH, <data>/plugins,
            <prefix>/lib/linkstr/plugins, /usr/local/lib/linkstr/plugins, /usr/lib/linkstr/plugins and
            the build folder. A refused plugin is reported on stderr with the reason. Of two plugins
            with one id the first found is used (so one in plugin_paths replaces a built-in one); the
            list names the file it replaces.

            Example:
              linkstr plugins --json
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let registry: PluginRegistry
        do {
            registry = try Composition.plugins(global.runtimeConfiguration).registry
        } catch {
            throw error.failure
        }
        if registry.plugins.isEmpty && registry.refused.isEmpty {
            throw CLIFailure(.failed, "no plugins found; set LINKSTR_PLUGIN_PATH or install them")
        }
        if global.json {
            Terminal.printJSON(registry.plugins.map(JSONRecords.plugin))
            return
        }
        for plugin in registry.plugins {
            Terminal.write("\(plugin.id) \(plugin.version)\n")
            Terminal.write("  provides: \(plugin.provides.joined(separator: ", "))\n")
            Terminal.write("  path:     \(plugin.path)\n")
            for replacement in registry.replaced where replacement.pluginID == plugin.id {
                Terminal.write("  replaces: \(replacement.replaced)\n")
            }
        }
        if !registry.refused.isEmpty {
            Terminal.write("\(registry.refused.count) plugin file(s) refused; see the messages above.\n")
        }
    }
}
