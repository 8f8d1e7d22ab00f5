import ArgumentParser
import Foundation
import LinkstrHost

/// `linkstr plugins validate PATH`: exercises every capability of one plugin file in a child process
/// and reports each call.
struct PluginsValidateCommand: ParsableCommand {
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
            Terminal.printJSON(report.json)
        } else {
            Terminal.write(report.humanText)
        }
        if !report.passed {
            throw CLIFailure(.failed, report.calls.isEmpty ? "plugin \(path) could not be exercised" : report.failureSentence)
        }
    }
}
