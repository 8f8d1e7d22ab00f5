/// NIP-42 state of one connection. The pool authenticates only when a relay asks (an
/// `auth-required:` answer), never on connect, so relays learn the account's key only when they
/// need it.
struct RelayAuthentication: Sendable {
    enum Phase: Sendable, Equatable {
        /// Not authenticated on this connection.
        case idle
        /// The host's signer is signing the kind-22242 event for `challenge`.
        case signing(challenge: String)
        /// AUTH was sent for `challenge` (with event `eventID`); requests sent after it are
        /// authenticated, as relays process a connection's messages in order.
        case sent(challenge: String, eventID: String)
        /// Signing or the relay's answer to AUTH failed; further `auth-required:` answers are final
        /// on this connection.
        case failed(reason: String)
    }

    /// The relay's latest `["AUTH", <challenge>]`.
    var challenge: String?
    var phase: Phase = .idle
    /// Retries waiting for the AUTH that is being signed.
    var waiters: [AuthRetry] = []
    /// Subscriptions already re-sent after AUTH on this connection (each gets one retry).
    var retriedSubscriptions: Set<String> = []

    /// The id of the AUTH event sent on this connection, to match the relay's OK for it.
    var sentEventID: String? {
        if case .sent(_, let eventID) = phase { return eventID }
        return nil
    }
}
