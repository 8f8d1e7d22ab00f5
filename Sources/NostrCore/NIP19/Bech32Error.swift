/// Why a bech32 string was refused.
public enum Bech32Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than ``Bech32/maximumLength`` characters (NIP-19: SHOULD be limited to 5000).
    case tooLong(length: Int)
    /// Mixes upper- and lower-case letters (BIP-173 forbids it).
    case mixedCase
    /// No `1` separator, an empty prefix, or fewer than 6 checksum characters.
    case malformed(String)
    /// A character outside the bech32 alphabet.
    case invalidCharacter(position: Int)
    /// The checksum is a valid bech32m checksum; NIP-19 requires bech32.
    case bech32mChecksum
    /// The checksum does not match.
    case invalidChecksum
    /// The 5-bit groups do not convert back to whole bytes (non-zero or excess padding).
    case invalidPadding

    public var description: String {
        switch self {
        case let .tooLong(length): return "bech32 string is \(length) characters long; the limit is \(Bech32.maximumLength)"
        case .mixedCase: return "bech32 string mixes upper and lower case"
        case let .malformed(reason): return "malformed bech32 string: \(reason)"
        case let .invalidCharacter(position): return "invalid bech32 character at position \(position)"
        case .bech32mChecksum: return "bech32m checksum found, but NIP-19 requires a bech32 checksum"
        case .invalidChecksum: return "bech32 checksum does not match (mistyped or truncated?)"
        case .invalidPadding: return "bech32 data has invalid padding"
        }
    }
}
