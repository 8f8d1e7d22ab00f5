import LinkstrRuntime

extension RuntimeError {
    /// The documented exit status for this failure.
    var failure: CLIFailure {
        switch kind {
        case .failed, .storage: CLIFailure(.failed, description)
        case .badInput: CLIFailure(.usage, description)
        }
    }
}
