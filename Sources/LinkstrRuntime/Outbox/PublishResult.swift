/// What each relay answered to one publish.
public struct PublishResult: Sendable, Equatable {
    public var answers: [RelayAnswer]

    /// The relays that accepted the event (OK true, or `duplicate:`).
    public var acceptedBy: [String] { answers.filter(\.accepted).map(\.relay) }

    /// The relays whose answer comes after the publish returned (``RelayUpdate/lateAnswer(_:eventID:)``).
    public var pendingRelays: [String] { answers.filter(\.pending).map(\.relay) }
}
