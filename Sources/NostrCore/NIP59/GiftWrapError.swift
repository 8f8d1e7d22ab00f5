/// Why a seal or gift wrap could not be built.
public enum GiftWrapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rumor's pubkey is not the sender's key (recipients would reject it as impersonation).
    case rumorAuthorIsNotSender(rumor: PublicKey, sender: PublicKey)
    /// Only a signed kind-13 event can be wrapped.
    case notASignedSeal(kind: Int)
    /// A wrap kind must be 1059 or 21059.
    case unsupportedWrapKind(Int)

    public var description: String {
        switch self {
        case let .rumorAuthorIsNotSender(rumor, sender):
            return "the rumor's pubkey \(rumor.hex) is not the sender's key \(sender.hex)"
        case let .notASignedSeal(kind):
            return "only a signed kind-13 seal can be gift-wrapped (got kind \(kind))"
        case let .unsupportedWrapKind(kind):
            return "gift wraps are kind 1059 or 21059, not \(kind)"
        }
    }
}
