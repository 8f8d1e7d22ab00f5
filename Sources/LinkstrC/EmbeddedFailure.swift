import LinkstrPluginKit
import LinkstrRuntime
import PluginABI

/// Why a call of the C API failed: the status of linkstr.h (the command line's exit status as an
/// `lkh_status`) and the command line's sentence.
struct EmbeddedFailure: Error {
    var status: LKHStatus
    var message: String

    init(_ status: LKHStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The one table from the runtime's codes to `lkh_status`.
    init(_ error: LinkstrError) {
        let status: LKHStatus =
            switch error.code {
            case .badInput: .invalid
            case .noAccount: .noAccount
            case .storage, .storageUnavailable: .io
            case .failed: .unavailable
            }
        self.init(status, error.description)
    }

    /// A required pointer argument that is NULL.
    static func null(_ argument: String) -> EmbeddedFailure {
        EmbeddedFailure(.invalid, "\(argument) must not be NULL")
    }

    /// Writes the failure into the caller's slot and returns its status.
    func report(_ slot: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
        LKHErrorSlot.write(slot, status, message)
        return status.rawValue
    }
}
