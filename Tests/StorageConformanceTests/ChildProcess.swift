import Foundation
import PluginTesting

/// The `StorageTestProbe` helper executable, run as a child process.
final class ChildProcess {
    let process = Process()
    private let output = Pipe()
    private var buffered = ""

    init(probe arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: BuildProducts.directory + "/StorageTestProbe")
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    /// Reads stdout until a line equal to `line` arrives; false at end of output.
    func waitForLine(_ line: String) -> Bool {
        while true {
            if buffered.split(separator: "\n").contains(Substring(line)) { return true }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            buffered += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Everything read so far.
    var outputSoFar: String { buffered }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the exit; returns (status or signal, whether it was killed by a signal).
    func wait() -> (status: Int32, signalled: Bool) {
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
