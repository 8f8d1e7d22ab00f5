/// Why a payload is invalid: on send, the error a person sees; on receive, the rejection reason
/// counted by `sync`.
public struct PayloadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
