import LinkstrRuntime

extension LinkstrError {
    /// The documented exit status for this failure: the one table from codes to exit statuses.
    var failure: CLIFailure {
        switch code {
        case .failed, .storage: CLIFailure(.failed, description)
        case .badInput: CLIFailure(.usage, description)
        case .noAccount: CLIFailure(.noAccount, description)
        case .storageUnavailable: CLIFailure(.storage, description)
        }
    }
}
