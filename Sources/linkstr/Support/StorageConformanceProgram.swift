import Foundation
import LinkstrProcess
import LinkstrRuntime

/// The storage conformance checks on a plugin file, run by `linkstr-storage-conformance` beside this
/// program: the checks bring a fake host and writer processes of their own, which `linkstr` does not
/// link, and a plugin that crashes takes that process down, not this one.
enum StorageConformanceProgram {
    static let name = "linkstr-storage-conformance"

    /// What the program prints: `{"id","path","passed","checks":[{"name","passed","failures","skipped"?}]}`.
    struct Report: Codable {
        typealias Check = PluginFileValidation.ConformanceCheck

        var id: String
        var path: String
        var passed: Bool
        var checks: [Check]

        var failedChecks: [String] { checks.filter { !$0.passed }.map(\.name) }
    }

    /// Runs every check on the plugin at `path` with `config` (plus a scratch `path` and
    /// `host.data_dir` the checks give each instance).
    static func run(_ path: String, config: [String: String]) throws(CLIFailure) -> Report {
        let program = try RunningExecutable.sibling(name)
        let arguments = [path] + config.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] }
        let (exit, output, errors): (ChildProcess.Exit, String, String)
        do {
            (exit, output, errors) = try ChildProcess.run(program, arguments, updating: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            throw CLIFailure(.failed, error.description)
        }
        switch exit {
        case .exited(0):
            guard let report = try? JSONDecoder().decode(Report.self, from: Data(output.utf8)) else {
                throw CLIFailure(.failed, "\(program) printed no report for \(path)")
            }
            return report
        case .exited(let status):
            let reason = errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CLIFailure(.failed, reason.isEmpty ? "\(program) ended with status \(status) on \(path)" : reason)
        case .signaled(let signal):
            throw CLIFailure(
                .failed, "the conformance checks of \(path) stopped: the plugin crashed (signal \(signal), \(PluginCheckRunner.signalName(signal)))")
        }
    }
}
