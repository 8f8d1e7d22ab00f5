import LinkstrRuntime

/// A command's failure: one sentence a person can act on, and its exit status.
struct CLIFailure: Error {
    /// The documented exit statuses: 0 success, 1 failed, 2 usage or bad input, 3 no account, 4 storage.
    struct ExitStatus: RawRepresentable, Equatable {
        let rawValue: Int32
        static let failed = ExitStatus(rawValue: 1)
        static let usage = ExitStatus(rawValue: 2)
        static let noAccount = ExitStatus(rawValue: 3)
        static let storage = ExitStatus(rawValue: 4)
        /// Stopped by Ctrl-C (SIGINT) after keeping what was done, as a shell reports a killed command.
        static let interrupted = ExitStatus(rawValue: 130)
    }

    var exitCode: ExitStatus
    var message: String

    init(_ exitCode: ExitStatus, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    func report() {
        Terminal.say(message)
    }
}
