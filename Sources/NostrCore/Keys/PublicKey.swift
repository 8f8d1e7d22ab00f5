import CSecp256k1

/// A BIP-340 x-only secp256k1 public key: 32 bytes, always a valid curve point (checked on
/// creation), written as 64 lowercase hex characters.
///
/// A value type; safe to share between threads. Codable as its hex string.
public struct PublicKey: Sendable {
    let bytes: Bytes32
    /// libsecp256k1's parsed form: the point with this x and an even y (BIP-340's lift_x), kept
    /// so that neither verification nor ECDH computes the square root again. (A full
    /// `secp256k1_pubkey` rather than a `secp256k1_xonly_pubkey`: ECDH needs the former, and the
    /// latter is derived from it without arithmetic, see ``withXOnly(_:)``.)
    let point: secp256k1_pubkey

    init(bytes: Bytes32, point: secp256k1_pubkey) {
        self.bytes = bytes
        self.point = point
    }

    init(validating bytes: Bytes32) throws(KeyError) {
        let point = ParsedPublicKeys.shared.point(of: bytes) { bytes in
            // 0x02 ‖ x: the compressed encoding of the point with x and even y, which is exactly
            // what secp256k1_xonly_pubkey_parse would lift (one square root, no more).
            var point = secp256k1_pubkey()
            let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 33) { compressed in
                compressed[0] = 0x02
                bytes.withUnsafeBytes { x in
                    for index in 0..<32 { compressed[index + 1] = x[index] }
                }
                return secp256k1_ec_pubkey_parse(Secp256k1Context.shared.pointer, &point, compressed.baseAddress!, 33)
            }
            return status == 1 ? point : nil
        }
        guard let point else { throw .invalidPublicKey }
        self.init(bytes: bytes, point: point)
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

extension PublicKey: HexEncoded {}
