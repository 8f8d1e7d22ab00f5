/// Where one publish stands on one relay.
enum PublishTarget: Equatable, Sendable {
    /// Not sent yet: the relay is not connected. It is sent when the relay connects, until the
    /// publish times out.
    case waiting
    /// Sent; waiting for the relay's OK.
    case sent
    /// The relay answered `auth-required:`; waiting for NIP-42 AUTH, then the event is sent once more.
    case authenticating
    /// OK true, or OK false with `duplicate:` (the relay has the event already).
    case accepted(message: String)
    /// OK false with the relay's message (after the one retry AUTH allows).
    case refused(message: String)
    /// The connection dropped (or the relay left the pool) before the relay answered.
    case dropped(reason: String)

    var isFinal: Bool {
        switch self {
        case .accepted, .refused, .dropped: true
        case .waiting, .sent, .authenticating: false
        }
    }

    var isInFlight: Bool { self == .sent || self == .authenticating }

    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}
