import Foundation
import PluginTesting

extension LinkstrHome {
    /// Starts `linkstr watch --json` in the background with `LINKSTR_LOG=info`, so that its stderr
    /// says when it has caught up (`ExternalProcess.caughtUp`); recorded in the task's `CommandLog`.
    func startWatch() throws -> ExternalProcess {
        CommandLog.current?.record(["watch", "--json", "--home", path])
        return try watch(json: true)
    }
}
