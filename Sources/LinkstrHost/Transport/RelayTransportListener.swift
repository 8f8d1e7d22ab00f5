/// What a ``RelayTransport`` reports, told on the transport's threads; every call returns without
/// blocking. Events come as the relay sent them (JSON, not parsed).
public protocol RelayTransportListener: AnyObject, Sendable {
    /// One event of a subscription; `.busy` leaves it with the transport, which holds that relay
    /// back and offers the same event again later.
    func received(relay: String, subscriptionID: String, json: [UInt8]) -> LKHStatus
    func endOfStoredEvents(relay: String, subscriptionID: String)
    func closed(relay: String, subscriptionID: String, message: String)
    func status(relay: String, status: RelayStatus, error: String?)
    func notice(relay: String, message: String)
    /// A relay's answer to a publish that came after the publish's `done`.
    func answered(relay: String, eventID: String, accepted: Bool, message: String)
}
