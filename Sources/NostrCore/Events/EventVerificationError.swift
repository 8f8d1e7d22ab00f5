/// Why ``Event/verify()`` refused an event.
public enum EventVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `id` field is not the SHA-256 of the event's canonical serialization.
    case idMismatch(claimed: EventID, computed: EventID)
    /// The event has no `sig` (only rumors may be unsigned).
    case missingSignature
    /// `sig` is not a valid BIP-340 signature of `id` by `pubkey`.
    case invalidSignature

    public var description: String {
        switch self {
        case let .idMismatch(claimed, computed):
            return "event id \(claimed.hex) does not match the hash of its fields (\(computed.hex))"
        case .missingSignature:
            return "event has no signature"
        case .invalidSignature:
            return "event signature is not a valid BIP-340 signature of its id by its pubkey"
        }
    }
}
