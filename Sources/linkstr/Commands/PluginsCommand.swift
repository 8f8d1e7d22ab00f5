import ArgumentParser
import Foundation
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
        subcommands: [List.self, Check.self, Validate.self, Conformance.self, New.self],
        defaultSubcommand: List.self)
}

extension PluginsCommand {
    struct List: ParsableCommand {
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
                registry = try global.app().plugins()
            } catch {
                throw error.failure
            }
            if registry.plugins.isEmpty && registry.refused.isEmpty {
                throw CLIFailure(.failed, "no plugins found; set LINKSTR_PLUGIN_PATH or install them")
            }
            if global.json {
                Terminal.printJSON(registry.plugins.map(JSONRecords.PluginRow.init))
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
}

extension PluginsCommand {
    /// `linkstr plugins check PATH`: runs the whole load pipeline on one file in a child process, so that a
    /// plugin that crashes (in its constructor, entry or create) is reported instead of killing the caller.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load one plugin file in a child process and report every stage.",
            discussion: """
                Stages: permissions, dlopen, entry, validate, create, capability, destroy. A crash is reported
                with the stage it happened in and the signal. Exit status 0 when the plugin passes, 1 when it
                fails, 2 when there is no file at PATH.

                Example:
                  linkstr plugins check ~/.local/share/linkstr/plugins/liblinkstr-plugin-vimeo.so
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The plugin file (.so).")
        var path: String

        @Flag(name: .customLong("in-process"), help: .hidden)
        var inProcess = false

        func run() throws {
            try PluginFileArguments.requireFile(path)
            let host = try global.openHost()
            if inProcess {
                PluginCheck(host: host, path: path).runReportingStages()
                return
            }
            let report = try PluginCheckRunner.run(path: path, global: global)
            if global.json {
                Terminal.printJSON(report)
            } else {
                Terminal.write(report.humanText)
            }
            if !report.passed {
                throw CLIFailure(.failed, report.failureSentence)
            }
        }
    }
}

extension PluginsCommand {
    /// `linkstr plugins validate PATH`: exercises every capability of one plugin file in a child process
    /// and reports each call.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Exercise every capability of one plugin file in a child process and report each call.",
            discussion: """
                Goes beyond `plugins check` (which loads): a media provider's classify, fetch_metadata and
                resolve, a notifier's notify with each kind, a storage plugin's conformance checks, each
                with an ordinary, a hostile (controls, markup, a bidirectional override) and a huge input.
                Each call is timed; a call fails when the plugin crashes or hangs in it, calls done twice,
                fails after calling done, does not call done within --call-timeout, or answers garbage (a
                string without its NUL, text that is not UTF-8, a URL that is not http(s)). A clean error
                with a message passes: a plugin may refuse a link or fail to deliver. Settings for the
                plugin come from its [plugins."<id>"] section and --set. Exit status 0 when every call
                passes, 1 when one fails, 2 when there is no file at PATH.

                Example:
                  linkstr plugins validate ./liblinkstr-plugin-vimeo.so
                  linkstr plugins validate ./notify-push.so --set url=https://ntfy.sh/test --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The plugin file (.so).")
        var path: String

        @Option(name: .customLong("set"), help: ArgumentHelp("A configuration value for the plugin.", valueName: "key=value"))
        var settings: [String] = []

        @Option(help: ArgumentHelp("How long an asynchronous call may take before it fails as \"no done\".", valueName: "seconds"))
        var callTimeout: Double = 5

        @Option(help: ArgumentHelp("The ordinary link a media provider gets.", valueName: "url"))
        var url = "https://example.com/video/1"

        @Flag(name: .customLong("in-process"), help: .hidden)
        var inProcess = false

        func run() throws {
            try PluginFileArguments.requireFile(path)
            guard callTimeout >= 0.1 && callTimeout <= 600 else {
                throw CLIFailure(.usage, "--call-timeout must be a number of seconds from 0.1 to 600, not \(callTimeout)")
            }
            let timeout = Duration.milliseconds(Int64(callTimeout * 1000))
            if inProcess {
                let host = try global.openHost()
                PluginValidation(path: path, settings: try PluginFileArguments.settings(settings), callTimeoutSeconds: callTimeout, url: url).run(home: host)
                return
            }
            var arguments = settings.flatMap { ["--set", $0] } + ["--call-timeout", String(callTimeout), "--url", url]
            if let home = global.home { arguments += ["--home", home] }
            if let config = global.config { arguments += ["--config", config] }
            let report = try PluginValidationRunner.run(path: path, arguments: arguments, watchdog: max(timeout * 3, .seconds(30)))
            if global.json {
                Terminal.printJSON(report)
            } else {
                Terminal.write(report.humanText)
            }
            if !report.passed {
                throw CLIFailure(.failed, report.calls.isEmpty ? "plugin \(path) could not be exercised" : report.failureSentence)
            }
        }
    }
}

extension PluginsCommand {
    /// `linkstr plugins conformance PATH`: runs the storage conformance checks — the ones this package's
    /// storage plugins pass — against one storage plugin file.
    struct Conformance: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conformance",
            abstract: "Check that a storage plugin file keeps the storage contract.",
            discussion: """
                Runs every storage conformance check (ordering, transactions, parent deletes, queries, error
                codes, …) on new instances of the plugin, each with a private scratch folder: the plugin's
                configuration has `path` (a file in that folder) and `host.data_dir`, plus what --set gives.
                The checks run in linkstr-storage-conformance, a program installed beside linkstr: a plugin
                that crashes ends that run, not linkstr. Check a new plugin with `linkstr plugins check` first.
                Exit status 0 when every check passes, 1 when one fails (each failing check is named),
                2 when there is no file at PATH.

                Example:
                  linkstr plugins conformance ./liblinkstr-plugin-c-memory.so
                  linkstr plugins conformance ./liblinkstr-plugin-postgresql.so --set url=postgresql:///linkstr_test
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The storage plugin file (.so).")
        var path: String

        @Option(name: .customLong("set"), help: ArgumentHelp("A configuration value for the plugin.", valueName: "key=value"))
        var settings: [String] = []

        func run() throws {
            try PluginFileArguments.requireFile(path, what: "a storage plugin")
            let report = try StorageConformanceProgram.run(path, config: try PluginFileArguments.settings(settings))
            if global.json {
                Terminal.printJSON(report)
            } else {
                Terminal.write(Self.humanText(report))
            }
            guard report.passed else {
                let failed = report.failedChecks
                throw CLIFailure(.failed, "\(report.id) failed \(failed.count) of \(report.checks.count) conformance checks: \(failed.joined(separator: "; "))")
            }
        }

        static func humanText(_ report: StorageConformanceProgram.Report) -> String {
            var text = ""
            for check in report.checks {
                text += "\(check.passed ? (check.skipped == nil ? "ok  " : "skip") : "FAIL") \(check.name)"
                text += check.skipped.map { " (\($0))\n" } ?? "\n"
                for failure in check.failures { text += "       \(failure)\n" }
            }
            let passed = report.checks.filter(\.passed).count
            let skipped = report.checks.filter { $0.skipped != nil }.count
            text += "\(report.id): \(passed) of \(report.checks.count) checks passed\(skipped > 0 ? " (\(skipped) skipped)" : "")\n"
            return text
        }
    }
}

extension PluginsCommand {
    /// `linkstr plugins new media|notifier|storage NAME`: writes a C plugin skeleton that compiles and
    /// whose unit test passes.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a C plugin skeleton: the plugin, its unit test on the C test harness, a Makefile and a README.",
            discussion: """
                Writes DIR/NAME/ (DIR is the current folder unless --dir says otherwise) with NAME.c, test_NAME.c,
                a Makefile (`make test` builds and runs the unit test, `make` the plugin, `make install` puts it
                where linkstr finds it; both use `pkg-config linkstr-plugin`) and a README. The media provider
                claims https://NAME.example/ links, the notifier writes each notification to linkstr's log, the
                storage skeleton opens and answers LKH_E_UNSUPPORTED elsewhere. Refuses to write into a folder
                that exists.

                Example:
                  linkstr plugins new notifier pushover --dir ~/src
                  cd ~/src/pushover && make test && make install
                """)

        @Argument(help: ArgumentHelp("What the plugin provides: media, notifier or storage.", valueName: "kind"))
        var kind: String

        @Argument(help: "The plugin's name: lowercase letters, digits and dashes.")
        var name: String

        @Option(help: ArgumentHelp("Where the plugin's folder goes (default: the current folder).", valueName: "dir"))
        var dir: String = "."

        @Option(help: ArgumentHelp("The plugin id (default org.example.NAME).", valueName: "id"))
        var id: String?

        func run() throws {
            guard let kind = PluginTemplate.Kind(rawValue: kind) else {
                throw CLIFailure(.usage, "'\(self.kind)' is not a kind of plugin; use media, notifier or storage")
            }
            guard PluginTemplate.isValidName(name) else {
                throw CLIFailure(.usage, "'\(name)' cannot name a plugin; use lowercase letters, digits and dashes, starting with a letter")
            }
            let template = PluginTemplate(kind: kind, name: name, id: id ?? "org.example.\(name)")
            let folder = (dir as NSString).expandingTildeInPath + "/" + name
            guard !FileManager.default.fileExists(atPath: folder) else {
                throw CLIFailure(.failed, "\(folder) exists already; choose another name or --dir")
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for file in template.files {
                    try file.text.write(toFile: folder + "/" + file.name, atomically: true, encoding: .utf8)
                }
            } catch {
                throw CLIFailure(.failed, "cannot write the plugin into \(folder): \(error.localizedDescription)")
            }
            Terminal.write("wrote \(folder): \(template.files.map(\.name).joined(separator: ", "))\nnext: cd \(folder) && make test\n")
        }
    }
}
