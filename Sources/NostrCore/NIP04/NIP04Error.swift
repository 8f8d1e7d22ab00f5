/// Why NIP-04 encryption or decryption failed. Never contains key material or plaintext.
public enum NIP04Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not `<base64 ciphertext>?iv=<base64 IV>`.
    case malformedPayload
    /// The IV must be 16 bytes.
    case invalidIV
    /// The decrypted padding is wrong: the wrong key, or an altered ciphertext.
    case invalidPadding
    /// The decrypted text is not valid UTF-8.
    case invalidUTF8
    /// libcrypto or libsecp256k1 failed internally.
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case .malformedPayload: return "NIP-04 payload must be <base64 ciphertext>?iv=<base64 IV>"
        case .invalidIV: return "NIP-04 IV must be 16 bytes"
        case .invalidPadding: return "NIP-04 padding is invalid (wrong key or altered ciphertext)"
        case .invalidUTF8: return "NIP-04 plaintext is not valid UTF-8"
        case let .crypto(error): return "NIP-04: \(error)"
        }
    }
}
