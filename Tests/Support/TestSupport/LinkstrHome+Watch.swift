import Foundation
import PluginTesting

extension LinkstrHome {
    /// Starts `linkstr watch --home <path> [--json]` with `LINKSTR_LOG=info`, so that stderr says
    /// when it has caught up (`ExternalProcess.caughtUp`).
    public func watch(json: Bool, environment: [String: String] = [:]) throws -> ExternalProcess {
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root", "LINKSTR_LOG": "info"]
        base.merge(environment) { $1 }
        return try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["watch", "--home", path] + (json ? ["--json"] : []), environment: base, input: .heldOpen)
    }
}

extension ExternalProcess {
    /// Whether `linkstr watch` said that it has caught up with its relays: what it gets from them
    /// now is new (and notifies).
    public var caughtUp: Bool {
        stderr.contains("; following new events\n")
    }

    /// The stdout lines that are JSON objects.
    public var jsonLines: [[String: Any]] {
        stdoutLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
