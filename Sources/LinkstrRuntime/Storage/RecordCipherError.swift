/// Why a `RecordCipher` could not seal or open a value.
public enum RecordCipherError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The owner key is not 32 bytes.
    case invalidKeyLength(Int)
    /// The sealed value is too short or of an unknown format version.
    case malformed
    /// The tag did not verify: another key, another record (owner, collection, key), or altered bytes.
    case authenticationFailed
    /// libcrypto failed (out of memory, no random bytes).
    case cryptoFailure(String)

    public var description: String {
        switch self {
        case .invalidKeyLength(let length): "the record key must be 32 bytes, got \(length)"
        case .malformed: "the sealed value is malformed (too short or an unknown format)"
        case .authenticationFailed: "the sealed value does not authenticate: another key or record, or altered data"
        case .cryptoFailure(let step): "libcrypto failed: \(step)"
        }
    }
}
