/// What each relay answered to one publish.
public struct PublishResult: Sendable, Equatable {
    public var answers: [RelayAnswer]

    /// The relays that accepted the event (OK true, or `duplicate:`).
    public var acceptedBy: [String] { answers.filter(\.accepted).map(\.relay) }
}

/// One relay's answer to a publish: its OK, or what happened instead ("not sent: …", "connection
/// lost …", "no answer before the timeout").
public struct RelayAnswer: Sendable, Equatable, Decodable {
    public var relay: String
    public var accepted: Bool
    public var message: String

    public init(relay: String, accepted: Bool, message: String) {
        self.relay = relay
        self.accepted = accepted
        self.message = message
    }
}
