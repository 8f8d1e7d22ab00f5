import Foundation
import Glibc

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var arguments = ["plugins", "check", "--in-process", path]
        if let home = global.home { arguments += ["--home", home] }
        if let config = global.config { arguments += ["--config", config] }
        process.arguments = arguments
        // A crash is the expected outcome being tested for: report it in one line, without the Swift
        // runtime's backtrace of the child.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw CLIFailure(.failed, "cannot start the checking process: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        var report = Report(path: path)
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
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
        if process.terminationReason == .uncaughtSignal {
            report.passed = false
            report.signal = process.terminationStatus
        } else if !report.passed && report.error == nil {
            report.error = "the checking process exited with status \(process.terminationStatus)"
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
