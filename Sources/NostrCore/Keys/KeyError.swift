/// Why a key, signature input or hex string was refused. Never contains key material.
public enum KeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A secret key must be 32 bytes with 0 < k < n (the secp256k1 group order).
    case invalidSecretKey
    /// A public key must be 32 bytes that are the x coordinate of a point on secp256k1.
    case invalidPublicKey
    /// The text was not `expectedCharacters` lowercase hex characters.
    case invalidHex(what: String, expectedCharacters: Int)
    /// BIP-340 auxiliary randomness must be exactly 32 bytes.
    case invalidAuxiliaryRandomness(count: Int)

    public var description: String {
        switch self {
        case .invalidSecretKey:
            return "invalid secret key: it must be 32 bytes encoding a number between 1 and the secp256k1 group order − 1"
        case .invalidPublicKey:
            return "invalid public key: 32 bytes that are not the x coordinate of a point on secp256k1"
        case let .invalidHex(what, expected):
            return "invalid \(what): expected \(expected) lowercase hex characters"
        case let .invalidAuxiliaryRandomness(count):
            return "BIP-340 auxiliary randomness must be 32 bytes, got \(count)"
        }
    }
}
