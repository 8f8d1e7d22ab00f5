/// Why persisted engine state (`ContactBook.init(me:encoded:)` and its parts) cannot be read back.
public struct StoredStateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
