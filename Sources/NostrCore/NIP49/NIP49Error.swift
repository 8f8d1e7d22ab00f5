/// Why an ncryptsec could not be made or opened. Never contains the password or key.
public enum NIP49Error: Error, Sendable, Equatable, CustomStringConvertible {
    case bech32(Bech32Error)
    /// The bech32 prefix is not `ncryptsec`.
    case wrongPrefix(String)
    /// The payload must be 91 bytes.
    case invalidLength(Int)
    /// Only version 0x02 is defined.
    case unsupportedVersion(UInt8)
    /// log_n must be 1…`maximum` (memory is 2^log_n KiB; 22 → 4 GiB).
    case logNOutOfRange(UInt8, maximum: UInt8)
    /// The key-security byte must be 0, 1 or 2.
    case unknownKeySecurity(UInt8)
    /// Salt must be 16 bytes and nonce 24 bytes.
    case invalidSaltOrNonce
    /// The Poly1305 tag does not match: wrong password, or the data was altered (including
    /// the key-security byte, which is authenticated).
    case wrongPasswordOrCorrupted
    /// The decrypted bytes are not a valid secret key.
    case invalidSecretKey
    /// libcrypto failed internally (for example scrypt could not allocate its memory).
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case let .bech32(error): return "ncryptsec: \(error)"
        case let .wrongPrefix(prefix): return "expected an ncryptsec string, found prefix '\(prefix)'"
        case let .invalidLength(length): return "ncryptsec payload must be 91 bytes, found \(length)"
        case let .unsupportedVersion(version): return "unsupported ncryptsec version \(version) (only 2 is defined)"
        case let .logNOutOfRange(logN, maximum): return "ncryptsec log_n \(logN) is outside 1…\(maximum)"
        case let .unknownKeySecurity(value): return "unknown ncryptsec key-security byte \(value)"
        case .invalidSaltOrNonce: return "ncryptsec salt must be 16 bytes and nonce 24 bytes"
        case .wrongPasswordOrCorrupted: return "wrong password, or the ncryptsec was altered"
        case .invalidSecretKey: return "ncryptsec decrypted to an invalid secret key"
        case let .crypto(error): return "ncryptsec: \(error)"
        }
    }
}
