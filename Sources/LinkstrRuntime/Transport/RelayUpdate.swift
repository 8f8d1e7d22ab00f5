import LinkstrHost

/// What the pool reports about its relays, in the order it happened.
public enum RelayUpdate: Sendable, Equatable {
    /// A relay's status changed; `error` says why when it is not connected (or read-only).
    case status(relay: String, RelayStatus, error: String?)
    /// A NOTICE from a relay.
    case notice(relay: String, message: String)
    /// A relay's answer to a publish that had returned with the relay pending (``RelayAnswer/pending``).
    case lateAnswer(RelayAnswer, eventID: String)
}
