/// One relay's answer to a publish: its OK, or what happened instead ("not sent: …", "connection
/// lost …", "no answer before the timeout"); or, `pending`, that its answer comes later.
public struct RelayAnswer: Sendable, Equatable, Decodable {
    public var relay: String
    public var accepted: Bool
    public var message: String
    /// The relay has the event and had not answered when the publish returned: its answer comes as a
    /// ``RelayUpdate/lateAnswer(_:eventID:)``.
    public var pending: Bool

    public init(relay: String, accepted: Bool, message: String, pending: Bool = false) {
        self.relay = relay
        self.accepted = accepted
        self.message = message
        self.pending = pending
    }

    private enum CodingKeys: String, CodingKey { case relay, accepted, message, pending }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        relay = try container.decode(String.self, forKey: .relay)
        accepted = try container.decode(Bool.self, forKey: .accepted)
        message = try container.decode(String.self, forKey: .message)
        pending = try container.decodeIfPresent(Bool.self, forKey: .pending) ?? false
    }
}

/// What each relay answered to one publish.
public struct PublishResult: Sendable, Equatable {
    public var answers: [RelayAnswer]

    /// The relays that accepted the event (OK true, or `duplicate:`).
    public var acceptedBy: [String] { answers.filter(\.accepted).map(\.relay) }

    /// The relays whose answer comes after the publish returned (``RelayUpdate/lateAnswer(_:eventID:)``).
    public var pendingRelays: [String] { answers.filter(\.pending).map(\.relay) }
}
