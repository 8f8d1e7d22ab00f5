import NostrCore

/// An event a subscription delivered: parsed and verified (id and signature) once, with the bytes
/// the relay sent.
public struct ReceivedEvent: Sendable, Equatable {
    /// The relay it came from (the first one, when several sent it).
    public var relay: String
    public var verified: VerifiedEvent
    /// The event object exactly as the relay sent it.
    public var json: [UInt8]
    /// Sent after the relay's EOSE for this subscription: published since, not one of the events
    /// the relay had stored (which come before the EOSE).
    public var isNew: Bool

    public var event: Event { verified.event }
}
