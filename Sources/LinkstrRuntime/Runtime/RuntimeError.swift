import LinkstrEngine
import LinkstrHost

/// Why a runtime operation failed: one sentence a person can act on, and which kind of failure it is
/// (the CLI maps it to an exit status).
public struct RuntimeError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The operation failed (relay refused, timeout, not a member): exit 1.
        case failed
        /// The caller's mistake (unknown session, invalid URL): exit 2.
        case badInput
        /// The storage backend failed: exit 4 when it cannot be opened, else 1.
        case storage
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    init(_ error: CommandError) {
        self.init(error.isBadInput ? .badInput : .failed, error.message)
    }

    init(storage error: PluginError) {
        self.init(.storage, "storage: \(error.description)")
    }
}
