import LinkstrHost

/// A publish that no relay accepted: the transport's status (`.timeout`, `.busy` for
/// `rate-limited:`, `.permission` for `blocked:`/`restricted:`/`auth-required:`, `.invalid`,
/// `.unavailable` when no relay is writable, `.io` when connections dropped, `.cancelled`), its
/// message, and each relay's answer when the transport got that far.
public struct PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: LKHStatus
    public var message: String
    public var answers: [RelayAnswer]

    public init(status: LKHStatus, message: String, answers: [RelayAnswer] = []) {
        self.status = status
        self.message = message
        self.answers = answers
    }

    public var description: String { message }
}
