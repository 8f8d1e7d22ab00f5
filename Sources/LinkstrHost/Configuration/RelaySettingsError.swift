/// A relay-list change that cannot be made; `badInput` marks the caller's mistake (exit 2).
public struct RelaySettingsError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public var badInput: Bool

    public init(_ description: String, badInput: Bool = false) {
        self.description = description
        self.badInput = badInput
    }
}
