/// An event whose id and signature were checked (``Event/verify()``) once, so that later stages
/// (gift-wrap unwrapping) do not check them again.
///
/// A value type; safe to share between threads.
public struct VerifiedEvent: Hashable, Sendable {
    public let event: Event

    /// Verifies `event`.
    public init(_ event: Event) throws(EventVerificationError) {
        try event.verify()
        self.event = event
    }
}
