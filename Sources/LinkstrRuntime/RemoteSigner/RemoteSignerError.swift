/// Why a request to a remote signer (NIP-46) failed. Each description says what happened and what
/// to do.
public enum RemoteSignerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the request's time limit.
    case timeout(method: String, seconds: Int64, relays: [String])
    /// No answer within the time limit, while the relays were refusing requests as too many
    /// (`rate-limited:`, the last such answer in `message`).
    case rateLimited(method: String, seconds: Int64, relays: [String], message: String)
    /// The signer answered with an error (it refused, or does not know the method).
    case refused(method: String, message: String)
    /// The request could not be sent to any of the signer's relays.
    case unreachable(relays: [String], reason: String)
    /// The signer's answer is not what the method returns.
    case unexpectedAnswer(method: String, answer: String)
    /// The client stopped before the answer came.
    case closed
    /// No signer connected back to a `nostrconnect://` link within the wait.
    case noSignerConnected(seconds: Int64, relays: [String])
    /// A signer connected back to a `nostrconnect://` link without its secret.
    case wrongSecret(signer: String)
    /// The signer does not implement NIP-44 encryption, which every linkstr message needs.
    case lacksNIP44(method: String, message: String)

    public var description: String {
        switch self {
        case let .timeout(method, seconds, relays):
            return "the remote signer did not answer \(method) within \(seconds) s; check that it is running and reachable on "
                + "\(relays.joined(separator: ", ")), then try again"
        case let .rateLimited(method, seconds, relays, message):
            return "the remote signer's relays (\(relays.joined(separator: ", "))) limit how fast requests may come ('\(message)'); "
                + "linkstr slowed down, but \(method) got no answer within \(seconds) s; try again later, or use a relay with a higher limit"
        case let .refused(method, message):
            return "the remote signer refused \(method): \(message)"
        case let .unreachable(relays, reason):
            return "cannot reach the remote signer's relays (\(relays.joined(separator: ", "))): \(reason); check the relays in the bunker link"
        case let .unexpectedAnswer(method, answer):
            return "the remote signer answered \(method) with something unusable ('\(answer.prefix(80))'); check that it speaks NIP-46"
        case .closed:
            return "the connection to the remote signer was closed before it answered; try again"
        case let .noSignerConnected(seconds, relays):
            return "no signer connected within \(seconds) s; open the nostrconnect:// link in your signer (it must reach "
                + "\(relays.joined(separator: ", "))) and try again, with a longer --timeout if needed"
        case let .lacksNIP44(method, message):
            return "this signer cannot do NIP-44 (it answered \(method) with '\(message.prefix(80))'); linkstr needs it, since its messages "
                + "are NIP-44 encrypted and NIP-04 cannot stand in; use a signer that supports NIP-44 (most current ones do)"
        case let .wrongSecret(signer):
            return "the signer \(signer) answered with a wrong secret, so it is not the one the link was given to; "
                + "nothing was connected, run the command again for a new link"
        }
    }
}
