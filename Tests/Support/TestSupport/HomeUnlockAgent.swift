import Foundation
import LinkstrRuntime

/// The unlock agent `linkstr unlock` starts for a test's home (`--home HOME`), as the commands the
/// tests run (ProcessRunner's environment) find it.
public enum HomeUnlockAgent {
    public static func address(_ home: String) -> UnlockAgentAddress {
        UnlockAgentAddress(dataDirectory: home + "/data", environment: ProcessRunner.linkstrEnvironment())
    }

    /// Ends the agent of `home` if one runs (it would also end within a second of the home's removal).
    public static func stop(_ home: String) {
        if let pid = try? UnlockAgentClient(address: address(home)).request(UnlockAgentMessage(.status))?.pid { kill(pid, SIGTERM) }
    }
}
