/// Why ``GiftWrap/unwrap(_:recipient:)`` rejected a gift wrap: one case per check, in the
/// order the checks run. Never contains key material; parse errors of decrypted layers give
/// only a field name, a reason and a byte offset.
public enum UnwrapError: Error, Sendable, CustomStringConvertible {
    /// 1. The outer event is not kind 1059 or 21059.
    case notAGiftWrap(kind: Int)
    /// 2. The wrap's id or signature is invalid.
    case invalidWrap(EventVerificationError)
    /// 3. The wrap's content could not be decrypted (wrong recipient, bad MAC, unknown version…).
    case wrapDecryptionFailed(any Error)
    /// 3. The wrap opens with the recipient's key but its `p` tag names someone else (the tag is not
    /// signed by the sender, so it must agree with the key that opened the wrap).
    case notAddressedToRecipient
    /// 3. The decrypted wrap content is not a signed event.
    case malformedSeal(EventParseError)
    /// 4. The seal is not kind 13.
    case notASeal(kind: Int)
    /// 5. The seal's id or signature is invalid.
    case invalidSeal(EventVerificationError)
    /// 6. The seal has tags (NIP-59: tags MUST be empty in kind 13).
    case sealHasTags(count: Int)
    /// 7. The seal's content could not be decrypted.
    case sealDecryptionFailed(any Error)
    /// 7. The decrypted seal content is not an event.
    case malformedRumor(EventParseError)
    /// 8. The rumor carries a signature (NIP-59: the inner event MUST be unsigned).
    case signedRumor
    /// 9. The rumor claims an author other than the seal's signer (impersonation).
    case senderMismatch(sealPubkey: PublicKey, rumorPubkey: PublicKey)
    /// 10. The rumor's id is not the hash of its fields; it is rejected, never repaired.
    case rumorIDMismatch(claimed: EventID, computed: EventID)

    public var description: String {
        switch self {
        case let .notAGiftWrap(kind): return "not a gift wrap: kind \(kind) (expected 1059 or 21059)"
        case let .invalidWrap(error): return "gift wrap rejected: \(error)"
        case .notAddressedToRecipient: return "gift wrap rejected: its p tag does not name this account"
        case let .wrapDecryptionFailed(error): return "gift wrap could not be decrypted: \(error)"
        case let .malformedSeal(error): return "gift wrap does not contain a valid seal event: \(error)"
        case let .notASeal(kind): return "seal rejected: kind \(kind) (expected 13)"
        case let .invalidSeal(error): return "seal rejected: \(error)"
        case let .sealHasTags(count): return "seal rejected: it has \(count) tag(s), but a kind-13 seal must have none"
        case let .sealDecryptionFailed(error): return "seal could not be decrypted: \(error)"
        case let .malformedRumor(error): return "seal does not contain a valid rumor event: \(error)"
        case .signedRumor: return "rumor rejected: it is signed, but a rumor must be unsigned"
        case let .senderMismatch(seal, rumor):
            return "rumor rejected: it claims author \(rumor.hex) but the seal is signed by \(seal.hex) (impersonation)"
        case let .rumorIDMismatch(claimed, computed):
            return "rumor rejected: its id \(claimed.hex) is not the hash of its fields (\(computed.hex))"
        }
    }
}
