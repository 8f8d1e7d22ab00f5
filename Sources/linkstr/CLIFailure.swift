import LinkstrHost

/// A command's failure: one sentence a person can act on, and the exit status of cli.md.
struct CLIFailure: Error {
    /// Exit statuses (../shared/spec/cli.md, "Conventions").
    struct ExitStatus: RawRepresentable, Equatable {
        let rawValue: Int32
        static let failed = ExitStatus(rawValue: 1)
        static let usage = ExitStatus(rawValue: 2)
        static let noAccount = ExitStatus(rawValue: 3)
        static let storage = ExitStatus(rawValue: 4)
    }

    var exitCode: ExitStatus
    var message: String

    init(_ exitCode: ExitStatus, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    func report() {
        Terminal.writeError("linkstr: \(message)\n")
    }
}
