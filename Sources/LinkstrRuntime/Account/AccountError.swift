/// Why an account operation failed, in words a person can act on. `isNoAccount` maps to exit 3,
/// `isBadInput` (an unknown or unusable profile name) to exit 2.
public struct AccountError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var isNoAccount: Bool
    public var isBadInput: Bool

    public init(_ message: String, noAccount: Bool = false, badInput: Bool = false) {
        self.message = message
        self.isNoAccount = noAccount
        self.isBadInput = badInput
    }

    public var description: String { message }

    static let none = AccountError("no account here; create one with `linkstr account create` or `linkstr account import`", noAccount: true)
}
