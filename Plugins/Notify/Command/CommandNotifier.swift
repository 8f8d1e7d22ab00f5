import Foundation
import LinkstrPluginKit
import NotifierKit

/// Runs a configured program per notification with the notification as JSON on its standard input
/// (the same object the webhook notifier POSTs), with a timeout.
///
/// Thread rules: those of `Notifier`; each delivery runs the program on its own thread.
final class CommandNotifier: Notifier {
    static let pluginID = "org.linkstr.notify.command"

    private let settings: CommandSettings
    private let host: PluginHost

    init(host: PluginHost) throws(PluginError) {
        self.host = host
        settings = try CommandSettings(PluginSettings(host: host, pluginID: Self.pluginID))
    }

    func probe() throws(PluginError) {
        let executable = try executable()
        host.log(.info, "notifications run \(executable)")
    }

    func deliver(_ message: NotificationMessage, cancellation: DeliveryCancellation) throws(PluginError) {
        let child = ChildProcess(
            executable: try executable(), argv: settings.command, input: Array(message.json()),
            timeoutSeconds: settings.timeoutSeconds)
        let outcome: ChildOutcome
        do {
            outcome = try child.run(cancellation: cancellation)
        } catch {
            throw PluginError(.io, "cannot run the notification command \(settings.program): \(error)")
        }
        let program = settings.program
        switch outcome.termination {
        case .exited(status: 0):
            host.log(.debug, "\(program) took notification \(message.id)")
        case .exited(let status):
            throw PluginError(.io, "the notification command \(program) exited with status \(status)\(Self.quote(outcome.errorTail))")
        case .signaled(let signal):
            throw PluginError(.io, "the notification command \(program) was killed by signal \(signal)\(Self.quote(outcome.errorTail))")
        case .timedOut:
            throw PluginError(
                .timeout,
                "the notification command \(program) did not finish within \(settings.timeoutSeconds) s and was stopped with its process group")
        case .cancelled:
            throw PluginError(.cancelled, "the notification command \(program) was stopped: the delivery was cancelled")
        }
    }

    func shutdown() {}

    /// The program to run; `.unavailable` naming it when it is missing or not executable.
    private func executable() throws(PluginError) -> String {
        switch ExecutableLookup.resolve(settings.program) {
        case .success(let path): return path
        case .failure(let failure):
            throw PluginError(
                .unavailable, "the notification command cannot run: \(failure); fix 'command' in [plugins.\"\(Self.pluginID)\"]")
        }
    }

    /// ": <the last lines of standard error>", or "" when it wrote nothing.
    private static func quote(_ errorTail: String) -> String {
        let lines = errorTail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return " and wrote nothing to standard error" }
        var quoted = lines.suffix(3).joined(separator: " | ")
        if quoted.count > 160 { quoted = "…" + quoted.suffix(159) }
        return ": \(quoted)"
    }
}
