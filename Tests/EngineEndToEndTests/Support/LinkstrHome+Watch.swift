import Foundation
import PluginTesting

extension LinkstrHome {
    /// Starts `linkstr watch --json` in the background with `LINKSTR_LOG=info`, so that its stderr
    /// says when it has caught up (`ExternalProcess.caughtUp`); recorded in the task's `CommandLog`.
    func startWatch() throws -> ExternalProcess {
        let arguments = ["watch", "--json", "--home", path]
        CommandLog.current?.record(arguments)
        return try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, arguments, environment: ProcessRunner.linkstrEnvironment(["LINKSTR_LOG": "info"]))
    }
}

extension ExternalProcess {
    /// Whether `linkstr watch` said that it has caught up with its relays: what it gets now is live.
    var caughtUp: Bool {
        stderr.contains("; following new events\n")
    }

    /// The complete stdout lines that are JSON objects.
    var jsonLines: [[String: Any]] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
