/// One message from a relay to the client (NIP-01, NIP-42).
package enum RelayFrame: Equatable {
    /// `["EVENT", <subscription id>, <event>]`; `event` is the object exactly as the relay sent it.
    case event(subscriptionID: String, event: ArraySlice<UInt8>)
    /// `["OK", <event id>, <accepted>, <message>]`; the id may be empty (nostr-relay does that when
    /// it refuses an event before reading its id).
    case ok(eventID: String, accepted: Bool, message: String)
    /// `["EOSE", <subscription id>]`
    case endOfStoredEvents(subscriptionID: String)
    /// `["CLOSED", <subscription id>, <message>]`
    case closed(subscriptionID: String, message: String)
    /// `["NOTICE", <message>]`
    case notice(message: String)
    /// `["AUTH", <challenge>]` (NIP-42)
    case auth(challenge: String)
    /// A well-formed frame of a type this pool does not use (e.g. `COUNT`); ignored.
    case other(type: String)
}
