import Foundation
import Glibc
import LinkstrProcess
import LinkstrRuntime
import LinkstrTerminal

/// The parent side of `plugins validate`: runs this program again with `--in-process` on the file,
/// reads the call lines the child prints, and names the call during which the child crashed, or hung
/// (no line for `watchdog`: it is killed).
enum PluginValidationRunner {
    struct Call: Encodable {
        var capability: String
        var call: String
        var input: String
        var passed: Bool
        var outcome: String
        var detail: String
        var milliseconds: Int

        enum CodingKeys: String, CodingKey {
            case capability, call, input, passed, outcome, detail
            case milliseconds = "ms"
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
            let line: PluginFileValidation.Line
            switch child.nextLine(within: watchdog) {
            case .ended:
                break reading
            case .timedOut:
                hung = true
                child.signal(SIGKILL)
                break reading
            case .line(let text):
                guard let parsed = try? JSONDecoder().decode(PluginFileValidation.Line.self, from: Data(text.utf8)) else { continue }
                line = parsed
            }
            if let id = line.plugin {
                report.pluginID = id
                report.version = line.version
                report.provides = line.provides ?? []
                continue
            }
            guard let call = line.call else { continue }
            let capability = line.capability ?? ""
            let input = line.input ?? ""
            guard let passed = line.passed else {
                started = (call, capability, input, ContinuousClock.now)
                continue
            }
            started = nil
            report.calls.append(Call(
                capability: capability, call: call, input: input, passed: passed, outcome: line.outcome ?? "", detail: line.detail ?? "",
                milliseconds: Int(line.ms ?? 0)))
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

/// `plugins validate --json`: `{"path","passed","provides","calls","id"?,"version"?}`.
extension PluginValidationRunner.Report: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, passed, provides, calls, id, version
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(passed, forKey: .passed)
        try container.encode(provides, forKey: .provides)
        try container.encode(calls, forKey: .calls)
        try container.encodeIfPresent(pluginID, forKey: .id)
        try container.encodeIfPresent(version, forKey: .version)
    }
}
