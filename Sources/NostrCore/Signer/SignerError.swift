/// Why a signer refused a request.
public enum SignerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event to sign names a different author than the signer's key.
    case publicKeyMismatch(signer: PublicKey, event: PublicKey)

    public var description: String {
        switch self {
        case let .publicKeyMismatch(signer, event):
            return "cannot sign: the event's pubkey \(event.hex) is not the signer's key \(signer.hex)"
        }
    }
}
