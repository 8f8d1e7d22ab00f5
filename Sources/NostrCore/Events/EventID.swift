/// A NIP-01 event id: the SHA-256 of the canonical serialization, written as 64 lowercase
/// hex characters.
///
/// A value type; safe to share between threads. Codable as its hex string.
public struct EventID: Hashable, Sendable {
    let bytes: Bytes32

    init(bytes: Bytes32) { self.bytes = bytes }

    /// Copies exactly 32 bytes, or returns nil.
    public init?(bytes: some Collection<UInt8>) {
        guard let value = Bytes32(bytes) else { return nil }
        self.bytes = value
    }

    /// Parses 64 lowercase hex characters (upper case is refused: NIP-01 ids are lowercase).
    public init(hex: String) throws(KeyError) {
        guard let value = Bytes32(hex: hex) else { throw .invalidHex(what: "event id", expectedCharacters: 64) }
        bytes = value
    }

    /// 64 lowercase hex characters.
    public var hex: String { bytes.hex }

    /// The 32 bytes.
    public var rawBytes: [UInt8] { bytes.array }
}

extension EventID: HexEncoded {}
