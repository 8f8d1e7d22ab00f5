import Foundation
import Glibc
import LinkstrProcess
import LinkstrRuntime
import LinkstrTerminal

/// The parent side of `plugins validate`: runs this program again with `--in-process` on the file,
/// reads the call lines the child prints, and names the call during which the child crashed, or hung
/// (no line for `watchdog`: it is killed).
enum PluginValidationRunner {
    struct Call {
        var capability: String
        var call: String
        var input: String
        var passed: Bool
        var outcome: String
        var detail: String
        var milliseconds: Int

        var json: [String: Any] {
            [
                "capability": capability, "call": call, "input": input, "passed": passed, "outcome": outcome, "detail": detail,
                "ms": milliseconds,
            ]
        }
    }

    struct Report {
        var path: String
        var pluginID: String?
        var version: String?
        var provides: [String] = []
        var calls: [Call] = []

        var passed: Bool { !calls.isEmpty && calls.allSatisfy(\.passed) }
        var failed: [Call] { calls.filter { !$0.passed } }

        var json: [String: Any] {
            var object: [String: Any] = ["path": path, "passed": passed, "provides": provides, "calls": calls.map(\.json)]
            object["id"] = pluginID
            object["version"] = version
            return object
        }

        var humanText: String {
            var text = "\(pluginID ?? path) \(version ?? "")\n"
            let width = (calls.map { $0.call.count + $0.input.count + 1 }.max() ?? 0) + 2
            for call in calls {
                let name = "\(call.call) \(call.input)"
                let padded = name + String(repeating: " ", count: max(1, width - name.count))
                let time = String(call.milliseconds)
                text += "\(call.passed ? "ok  " : "FAIL") \(padded)\(String(repeating: " ", count: max(0, 6 - time.count)))\(time) ms  \(call.outcome)"
                text += call.detail.isEmpty ? "\n" : ": \(TerminalText.line(String(call.detail.prefix(160))))\n"
            }
            text += "\(calls.filter(\.passed).count) of \(calls.count) calls passed\n"
            return text
        }

        var failureSentence: String {
            let named = failed.prefix(3).map { "\($0.call) \($0.input) (\($0.outcome))" }.joined(separator: ", ")
            return "plugin \(pluginID ?? path) failed \(failed.count) of \(calls.count) calls: \(named)\(failed.count > 3 ? ", …" : "")"
        }
    }

    /// - Parameter watchdog: how long the child may print nothing before it counts as hung.
    static func run(path: String, arguments: [String], watchdog: Duration) throws(CLIFailure) -> Report {
        let child: ChildProcess
        do {
            child = try ChildProcess(
                RunningExecutable.current, ["plugins", "validate", "--in-process", path] + arguments, updating: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            throw CLIFailure(.failed, "cannot start the validating process: \(error.reason)")
        }
        var report = Report(path: path)
        var started: (call: String, capability: String, input: String, at: ContinuousClock.Instant)?
        var hung = false
        reading: while true {
            let object: [String: Any]
            switch child.nextLine(within: watchdog) {
            case .ended:
                break reading
            case .timedOut:
                hung = true
                child.signal(SIGKILL)
                break reading
            case .line(let line):
                guard let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                object = parsed
            }
            if let id = object["plugin"] as? String {
                report.pluginID = id
                report.version = object["version"] as? String
                report.provides = object["provides"] as? [String] ?? []
                continue
            }
            guard let call = object["call"] as? String else { continue }
            let capability = object["capability"] as? String ?? ""
            let input = object["input"] as? String ?? ""
            guard let passed = object["passed"] as? Bool else {
                started = (call, capability, input, ContinuousClock.now)
                continue
            }
            started = nil
            report.calls.append(Call(
                capability: capability, call: call, input: input, passed: passed, outcome: object["outcome"] as? String ?? "",
                detail: object["detail"] as? String ?? "", milliseconds: object["ms"] as? Int ?? 0))
        }
        let exit = child.wait()
        if let started {
            let elapsed = ContinuousClock.now - started.at
            let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
            let (outcome, detail): (String, String) =
                if hung {
                    ("hang", "the call did not return in \(PluginCall.text(watchdog)); the validating process was killed")
                } else if case .signaled(let signal) = exit {
                    ("crash", "the process died of \(PluginCheckRunner.signalName(signal)) during the call")
                } else {
                    ("crash", "the process exited with status \(exit.status) during the call")
                }
            report.calls.append(Call(
                capability: started.capability, call: started.call, input: started.input, passed: false, outcome: outcome, detail: detail,
                milliseconds: milliseconds))
        }
        return report
    }
}
