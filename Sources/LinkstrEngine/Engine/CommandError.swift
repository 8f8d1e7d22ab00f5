/// Why a command cannot be sent. `isBadInput` separates usage errors (exit 2: an unknown session, an
/// invalid URL) from refusals (exit 1: not a member, not the creator).
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var isBadInput: Bool

    public init(_ message: String, badInput: Bool = false) {
        self.message = message
        self.isBadInput = badInput
    }

    public var description: String { message }

    static func unknownSession(_ id: SessionID) -> CommandError {
        CommandError("no session \(id) in this account", badInput: true)
    }
}
