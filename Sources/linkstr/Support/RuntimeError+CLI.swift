import LinkstrHost
import LinkstrRuntime

extension RuntimeError {
    /// The exit status of cli.md for this failure.
    var failure: CLIFailure {
        switch kind {
        case .failed, .storage: CLIFailure(.failed, description)
        case .badInput: CLIFailure(.usage, description)
        }
    }
}
