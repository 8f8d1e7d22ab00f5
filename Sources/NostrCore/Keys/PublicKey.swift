import CSecp256k1

/// A BIP-340 x-only secp256k1 public key: 32 bytes, always a valid curve point (checked on
/// creation), written as 64 lowercase hex characters.
///
/// A value type; safe to share between threads. Codable as its hex string.
public struct PublicKey: Sendable {
    let bytes: Bytes32
    /// libsecp256k1's parsed form, kept so that verification does not parse again.
    let parsed: secp256k1_xonly_pubkey

    init(bytes: Bytes32, parsed: secp256k1_xonly_pubkey) {
        self.bytes = bytes
        self.parsed = parsed
    }

    init(validating bytes: Bytes32) throws(KeyError) {
        var parsed = secp256k1_xonly_pubkey()
        let status = bytes.withUnsafeBytes {
            secp256k1_xonly_pubkey_parse(Secp256k1Context.shared.pointer, &parsed, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 1 else { throw .invalidPublicKey }
        self.init(bytes: bytes, parsed: parsed)
    }

    /// Validates 32 bytes as an x coordinate on secp256k1.
    public init(bytes: some Collection<UInt8>) throws(KeyError) {
        guard let value = Bytes32(bytes) else { throw .invalidPublicKey }
        try self.init(validating: value)
    }

    /// Parses 64 lowercase hex characters (upper case is refused, as NIP-01 requires
    /// lowercase; lowercase user input first if you want to accept it).
    public init(hex: String) throws(KeyError) {
        guard let value = Bytes32(hex: hex) else { throw .invalidHex(what: "public key", expectedCharacters: 64) }
        try self.init(validating: value)
    }

    /// 64 lowercase hex characters.
    public var hex: String { bytes.hex }

    /// The 32 bytes of the x coordinate.
    public var rawBytes: [UInt8] { bytes.array }
}

extension PublicKey: Hashable {
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

extension PublicKey: CustomStringConvertible {
    public var description: String { hex }
}

extension PublicKey: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(hex: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
