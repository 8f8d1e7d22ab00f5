/// Why NIP-44 v2 encryption or decryption failed. Never contains key material or plaintext.
public enum NIP44Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Plaintext must be 1…65535 bytes of UTF-8 (the ≤ 65535-byte profile of NIP-44 v2).
    case invalidPlaintextLength(Int)
    /// The nonce must be 32 bytes.
    case invalidNonceLength(Int)
    /// Not a version-2 payload: `#`-prefixed (a future non-base64 encoding; `nil`), or another
    /// version byte.
    case unsupportedVersion(UInt8?)
    /// The base64 text must be 132…87472 characters.
    case invalidPayloadSize(Int)
    /// The payload is not strict, padded base64.
    case invalidBase64
    /// The decoded payload must be 99…65603 bytes.
    case invalidDataSize(Int)
    /// The MAC does not match: wrong key, wrong peer or altered ciphertext.
    case invalidMAC
    /// The decrypted length prefix or padding is inconsistent.
    case invalidPadding
    /// The decrypted plaintext is not valid UTF-8.
    case invalidUTF8
    /// libcrypto failed internally.
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case let .invalidPlaintextLength(length): return "NIP-44 plaintext must be 1…65535 bytes, got \(length)"
        case let .invalidNonceLength(length): return "NIP-44 nonce must be 32 bytes, got \(length)"
        case let .unsupportedVersion(version):
            return version.map { "unsupported NIP-44 version \($0)" } ?? "unsupported NIP-44 encoding ('#'-prefixed payload)"
        case let .invalidPayloadSize(size): return "NIP-44 payload must be 132…87472 base64 characters, got \(size)"
        case .invalidBase64: return "NIP-44 payload is not valid base64"
        case let .invalidDataSize(size): return "NIP-44 decoded payload must be 99…65603 bytes, got \(size)"
        case .invalidMAC: return "NIP-44 MAC mismatch (wrong key or altered ciphertext)"
        case .invalidPadding: return "NIP-44 padding is invalid"
        case .invalidUTF8: return "NIP-44 plaintext is not valid UTF-8"
        case let .crypto(error): return "NIP-44: \(error)"
        }
    }
}
