/// Why a request to a remote signer (NIP-46) failed. Each description says what happened and what
/// to do.
public enum RemoteSignerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the request's time limit.
    case timeout(method: String, seconds: Int64, relays: [String])
    /// The signer answered with an error (it refused, or does not know the method).
    case refused(method: String, message: String)
    /// The request could not be sent to any of the signer's relays.
    case unreachable(relays: [String], reason: String)
    /// The signer's answer is not what the method returns.
    case unexpectedAnswer(method: String, answer: String)
    /// The client stopped before the answer came.
    case closed

    public var description: String {
        switch self {
        case let .timeout(method, seconds, relays):
            return "the remote signer did not answer \(method) within \(seconds) s; check that it is running and reachable on "
                + "\(relays.joined(separator: ", ")), then try again"
        case let .refused(method, message):
            return "the remote signer refused \(method): \(message)"
        case let .unreachable(relays, reason):
            return "cannot reach the remote signer's relays (\(relays.joined(separator: ", "))): \(reason); check the relays in the bunker link"
        case let .unexpectedAnswer(method, answer):
            return "the remote signer answered \(method) with something unusable ('\(answer.prefix(80))'); check that it speaks NIP-46"
        case .closed:
            return "the connection to the remote signer was closed before it answered; try again"
        }
    }
}
