import NostrCore

/// What one subscription receives, from all relays.
public enum SubscriptionMessage: Sendable, Equatable {
    /// An event seen for the first time (by this subscription's deduplicator), verified.
    case event(ReceivedEvent)
    /// An event seen before (from another relay, a replay after a reconnect, an earlier page).
    case duplicate(relay: String, id: EventID, createdAt: Int64)
    /// An event that is not a valid NIP-01 event (bad JSON, wrong id, bad signature), with why.
    case rejected(relay: String, reason: String)
    /// The relay sent all its stored events for this subscription (EOSE).
    case endOfStoredEvents(relay: String)
    /// The relay ended the subscription (CLOSED), with its message.
    case closed(relay: String, message: String)
}

extension SubscriptionMessage {
    /// The relay that sent it.
    public var relay: String {
        switch self {
        case .event(let received): received.relay
        case .duplicate(let relay, _, _), .rejected(let relay, _), .endOfStoredEvents(let relay), .closed(let relay, _): relay
        }
    }
}
