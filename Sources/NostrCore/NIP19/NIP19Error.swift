/// Why a NIP-19 string was refused. Never contains key material.
public enum NIP19Error: Error, Sendable, Equatable, CustomStringConvertible {
    case bech32(Bech32Error)
    /// The prefix is not one of npub, nsec, note, nprofile, nevent, naddr (or the one expected).
    case unknownPrefix(String)
    /// npub/nsec/note must carry exactly 32 bytes.
    case invalidLength(prefix: String, expected: Int, actual: Int)
    /// The bytes are not a valid key (secret key out of range, public key not on the curve).
    case invalidKey(prefix: String, KeyError)
    /// A TLV header or value runs past the end of the data.
    case truncatedTLV(offset: Int)
    /// A required TLV is absent or unusable.
    case missingTLV(prefix: String, type: UInt8, reason: String)

    public var description: String {
        switch self {
        case let .bech32(error): return error.description
        case let .unknownPrefix(prefix): return "unsupported NIP-19 prefix '\(prefix)'"
        case let .invalidLength(prefix, expected, actual): return "\(prefix) must carry \(expected) bytes, found \(actual)"
        case let .invalidKey(prefix, error): return "\(prefix): \(error)"
        case let .truncatedTLV(offset): return "truncated TLV at byte \(offset)"
        case let .missingTLV(prefix, type, reason): return "\(prefix): TLV \(type) \(reason)"
        }
    }
}
