import Foundation
import LinkstrProcess

/// An optional program the desktop integration calls when it is installed (`systemctl`,
/// `update-desktop-database`, `xdg-mime`): found on `PATH`, run to completion, its output captured.
struct HelperProgram {
    /// What a run printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 }
    }

    let name: String
    let path: String

    /// The program named `name` on `PATH`, or nil when it is not installed.
    init?(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                self.name = name
                self.path = candidate
                return
            }
        }
        return nil
    }

    /// Runs the program with `arguments`, stdin closed, stdout and stderr captured together.
    func run(_ arguments: [String]) -> Outcome {
        do {
            let (exit, output, _) = try ChildProcess.run(path, arguments, mergeErrors: true)
            return Outcome(status: exit.status, output: output.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            return Outcome(status: -1, output: error.description)
        }
    }

    /// Runs the program with `arguments` on this terminal (stdin, stdout and stderr are linkstr's) and
    /// waits for it: a video player the user watches and quits. Its exit status, -1 when it cannot start.
    func runAttached(_ arguments: [String]) -> Int32 {
        (try? ChildProcess.runOnTerminal(path, arguments))?.status ?? -1
    }

    /// Runs the program with `input` on its stdin and its output discarded (a clipboard tool that
    /// stays in the background to serve the selection keeps no pipe of ours open); its exit status.
    func feed(_ input: String, _ arguments: [String]) -> Int32 {
        (try? ChildProcess.runDiscardingOutput(path, arguments, input: .text(input)))?.status ?? -1
    }

    /// The command line as a person would type it, for messages.
    func commandLine(_ arguments: [String]) -> String {
        ([name] + arguments).joined(separator: " ")
    }
}
