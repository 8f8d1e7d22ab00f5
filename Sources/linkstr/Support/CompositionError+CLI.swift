import LinkstrRuntime

extension CompositionError {
    /// The documented exit status for this failure.
    var failure: CLIFailure {
        switch kind {
        case .badConfiguration: CLIFailure(.usage, description)
        case .noAccount: CLIFailure(.noAccount, description)
        case .storage: CLIFailure(.storage, description)
        case .failed: CLIFailure(.failed, description)
        }
    }
}
