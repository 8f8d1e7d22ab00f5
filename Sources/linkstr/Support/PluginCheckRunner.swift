import Foundation
import Glibc
import LinkstrProcess
import LinkstrRuntime

/// The parent side of `plugins check`: runs this program again with `--in-process` on the file and
/// reads the stage lines the child prints. A child killed by a signal is reported with the stage it
/// was in.
enum PluginCheckRunner {
    struct Report {
        var path: String
        var stages: [String] = []
        var pluginID: String?
        var provides: [String] = []
        var passed = false
        var failedStage: String?
        var error: String?
        var signal: Int32?

        var failureSentence: String {
            if let signal {
                return "plugin \(path) crashed during \(failedStage ?? "loading") (signal \(signal), \(signalName(signal)))"
            }
            return "plugin \(path) failed at \(failedStage ?? "?"): \(error ?? "unknown error")"
        }

        var humanText: String {
            if passed {
                return "ok: \(pluginID ?? path) passed \(stages.joined(separator: ", "))\n  provides: \(provides.joined(separator: ", "))\n"
            }
            return ""  // the failure sentence goes to stderr
        }
    }

    static func run(path: String, global: GlobalOptions) throws(CLIFailure) -> Report {
        var arguments = ["plugins", "check", "--in-process", path]
        if let home = global.home { arguments += ["--home", home] }
        if let config = global.config { arguments += ["--config", config] }
        // A crash is the expected outcome being tested for: report it in one line, without the Swift
        // runtime's backtrace of the child.
        let (exit, output, errors): (ChildProcess.Exit, String, String)
        do {
            (exit, output, errors) = try ChildProcess.run(RunningExecutable.current, arguments, updating: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            throw CLIFailure(.failed, "cannot start the checking process: \(error.reason)")
        }
        if !errors.isEmpty { Terminal.writeError(errors) }

        var report = Report(path: path)
        for line in output.split(separator: "\n") {
            guard let step = try? JSONDecoder().decode(PluginFileCheck.Step.self, from: Data(line.utf8)) else { continue }
            if let stage = step.stage {
                if report.stages.last != stage { report.stages.append(stage) }
                report.failedStage = stage
            }
            if let id = step.id { report.pluginID = id }
            if let error = step.error { report.error = error }
            if step.passed == true {
                report.passed = true
                report.failedStage = nil
                report.provides = step.provides ?? []
            }
        }
        if case .signaled(let signal) = exit {
            report.passed = false
            report.signal = signal
        } else if !report.passed && report.error == nil {
            report.error = "the checking process exited with status \(exit.status)"
        }
        return report
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTRAP: "SIGTRAP"
        default: "signal \(signal)"
        }
    }
}

/// `plugins check --json`: `{"path","passed","stages","id"?,"provides"?,"failed_stage"?,"error"?,"signal"?}`
/// (`provides` once passed, `error` unless passed).
extension PluginCheckRunner.Report: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, passed, stages, id, provides, error, signal
        case failedStage = "failed_stage"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(passed, forKey: .passed)
        try container.encode(stages, forKey: .stages)
        try container.encodeIfPresent(pluginID, forKey: .id)
        try container.encodeIfPresent(passed ? provides : nil, forKey: .provides)
        try container.encodeIfPresent(failedStage, forKey: .failedStage)
        try container.encodeIfPresent(passed ? nil : (error ?? failureSentence), forKey: .error)
        try container.encodeIfPresent(signal, forKey: .signal)
    }
}
