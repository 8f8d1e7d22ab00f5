import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, output: "cannot start \(path): \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Outcome(status: process.terminationStatus, output: text)
    }

    /// Runs the program with `arguments` on this terminal (stdin, stdout and stderr are linkstr's) and
    /// waits for it: a video player the user watches and quits. Its exit status, -1 when it cannot start.
    func runAttached(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the program with `input` on its stdin and its output discarded (a clipboard tool that
    /// stays in the background to serve the selection keeps no pipe of ours open); its exit status.
    func feed(_ input: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The command line as a person would type it, for messages.
    func commandLine(_ arguments: [String]) -> String {
        ([name] + arguments).joined(separator: " ")
    }
}
