/// A NIP-01 (and NIP-42 AUTH) message from a relay to a client.
///
/// A value type; safe to share between threads.
public enum RelayMessage: Hashable, Sendable {
    /// `["EVENT", <subscription id>, <event>]` — the event is parsed, not yet verified.
    case event(subscriptionID: String, event: Event)
    /// `["OK", <event id>, <accepted>, <message>]` — the answer to a published event.
    case ok(eventID: EventID, accepted: Bool, message: String)
    /// `["EOSE", <subscription id>]` — end of stored events.
    case endOfStoredEvents(subscriptionID: String)
    /// `["CLOSED", <subscription id>, <message>]` — the relay ended a subscription.
    case closed(subscriptionID: String, message: String)
    /// `["NOTICE", <message>]`.
    case notice(message: String)
    /// `["AUTH", <challenge>]` (NIP-42).
    case auth(challenge: String)
}
