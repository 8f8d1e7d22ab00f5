/// A 64-byte BIP-340 Schnorr signature. Any 64 bytes can be held; validity is only known
/// after ``PublicKey/verify(_:for:)``.
///
/// A value type; safe to share between threads. Codable as 128 lowercase hex characters.
public struct Signature: Hashable, Sendable {
    let bytes: Bytes64

    init(bytes: Bytes64) { self.bytes = bytes }

    /// Copies exactly 64 bytes, or returns nil.
    public init?(bytes: some Collection<UInt8>) {
        guard let value = Bytes64(bytes) else { return nil }
        self.bytes = value
    }

    /// Parses 128 lowercase hex characters.
    public init(hex: String) throws(KeyError) {
        guard let value = Bytes64(hex: hex) else { throw .invalidHex(what: "signature", expectedCharacters: 128) }
        bytes = value
    }

    /// 128 lowercase hex characters.
    public var hex: String { bytes.hex }

    /// The 64 bytes (r ‖ s).
    public var rawBytes: [UInt8] { bytes.array }
}

extension Signature: HexEncoded {}
