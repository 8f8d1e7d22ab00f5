import Foundation
import Glibc
import LinkstrProcess

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

        var json: [String: Any] {
            var object: [String: Any] = ["path": path, "passed": passed, "stages": stages]
            object["id"] = pluginID
            object["provides"] = passed ? provides : nil
            object["failed_stage"] = failedStage
            object["error"] = passed ? nil : (error ?? failureSentence)
            object["signal"] = signal
            return object
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
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if let stage = object["stage"] as? String {
                if report.stages.last != stage { report.stages.append(stage) }
                report.failedStage = stage
            }
            if let id = object["id"] as? String { report.pluginID = id }
            if let error = object["error"] as? String { report.error = error }
            if object["passed"] as? Bool == true {
                report.passed = true
                report.failedStage = nil
                report.provides = object["provides"] as? [String] ?? []
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
