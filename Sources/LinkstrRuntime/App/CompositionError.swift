/// Why a runtime could not be put together: one sentence a person can act on, and what kind of
/// failure it is (a front end maps it to an exit status or an error code).
public struct CompositionError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The configuration or a launch option cannot be used (bad input).
        case badConfiguration
        /// This home has no account.
        case noAccount
        /// The storage backend cannot be opened.
        case storage
        /// Anything else (a key that cannot be read, encryption that cannot be set up).
        case failed
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    init(_ error: AccountError) {
        self.init(error.isNoAccount ? .noAccount : error.isBadInput ? .badConfiguration : .failed, error.message)
    }
}
