import ArgumentParser
import Foundation
import LinkstrHost

/// `linkstr plugins check PATH`: runs the whole load pipeline on one file in a child process, so that a
/// plugin that crashes (in its constructor, entry or create) is reported instead of killing the caller.
struct PluginsCheckCommand: ParsableCommand {
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
            Terminal.printJSON(report.json)
        } else {
            Terminal.write(report.humanText)
        }
        if !report.passed {
            throw CLIFailure(.failed, report.failureSentence)
        }
    }
}
