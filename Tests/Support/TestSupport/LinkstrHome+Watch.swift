import Foundation
import PluginTesting

extension LinkstrHome {
    /// Starts `linkstr watch --home <path> [--json]` with `LINKSTR_LOG=info`, so that stderr says
    /// when it has caught up (`HelperProcess.caughtUp`). A `HelperProcess`, so that it can be ended
    /// with SIGTERM (a child of Foundation's `Process` would inherit the test runner's blocked signals).
    public func watch(json: Bool, environment: [String: String] = [:]) throws -> HelperProcess {
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root", "LINKSTR_LOG": "info"]
        base.merge(environment) { $1 }
        return try HelperProcess(
            BuildProducts.linkstrExecutable, ["watch", "--home", path] + (json ? ["--json"] : []), environment: base, waitForReady: false)
    }
}

extension HelperProcess {
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
