import LinkstrEngine
import LinkstrHost

/// Why something a front end asked of linkstr did not happen: one sentence a person can act on, and
/// a code each front end maps once (the command line to an exit status, the C API to an
/// `lkh_status`, the app to the page it shows). Types whose callers switch on the cases (unwrapping,
/// event parsing, engine commands) keep their own errors; what reaches a front end is this one.
public struct LinkstrError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Code: CaseIterable, Equatable, Sendable {
        /// The operation failed (a relay refused, a timeout, not a member, a key that cannot be read).
        case failed
        /// The caller's mistake: an unknown session, an invalid URL, a configuration that cannot be used.
        case badInput
        /// This home has no account.
        case noAccount
        /// The storage backend cannot be opened.
        case storageUnavailable
        /// The storage backend failed while it was in use.
        case storage
    }

    public var code: Code
    public var description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    init(_ error: CommandError) {
        self.init(error.isBadInput ? .badInput : .failed, error.message)
    }

    init(storage error: PluginError) {
        self.init(.storage, "storage: \(error.description)")
    }

    /// What a command that needs an account says in a home that has none.
    static let noAccountHere = LinkstrError(.noAccount, "no account here; create one with `linkstr account create` or `linkstr account import`")
}
