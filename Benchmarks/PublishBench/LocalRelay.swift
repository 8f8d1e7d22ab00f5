import Foundation
import Glibc

/// A relay started by relay.py, on a port of its own choosing, until `stop()`.
struct LocalRelay {
    let process: Process
    let url: String

    /// The package this program was built from (for the .venv and relay.py).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Starts relay.py `kind` with its data and its log in `folder`; returns once it said `READY <url>`.
    static func start(_ kind: String, in folder: String) throws -> LocalRelay {
        let python = packageRoot + "/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw BenchFailure(description: "\(python) is missing: run scripts/bootstrap.sh first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [packageRoot + "/Tests/RelayPoolTests/Support/relay.py", kind]
            + (kind == "nostr-relay" ? ["--dir", folder + "/nostr-relay"] : [])
        let log = folder + "/relay-\(kind).log"
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while true {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else {
                process.waitUntilExit()
                let errors = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw BenchFailure(description: "relay.py \(kind) exited before it was ready: \(errors.split(separator: "\n").last ?? "")")
            }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first(where: { $0.hasPrefix("READY ") }) {
                return LocalRelay(process: process, url: String(line.dropFirst(6)))
            }
        }
    }

    /// SIGTERM, then SIGKILL after a second (nostr-relay may outlive a SIGTERM).
    func stop() {
        process.terminate()
        let deadline = Date() + 1
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Why the benchmark could not run, as one line.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}
