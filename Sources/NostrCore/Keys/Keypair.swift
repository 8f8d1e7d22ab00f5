import CSecp256k1

/// A secret key with its x-only public key and libsecp256k1's precomputed key pair, ready to
/// sign. The precomputed form is wiped when the last reference goes away.
///
/// Immutable; safe to share between threads and to sign from several threads at once.
public final class Keypair: @unchecked Sendable {
    public let secretKey: SecretKey
    public let publicKey: PublicKey
    let raw: UnsafeMutablePointer<secp256k1_keypair>

    /// Derives the public key and the precomputed signing form.
    public init(secretKey: SecretKey) {
        let context = Secp256k1Context.shared.pointer
        let raw = UnsafeMutablePointer<secp256k1_keypair>.allocate(capacity: 1)
        raw.initialize(to: secp256k1_keypair())
        let created = secretKey.withUnsafeBytes {
            secp256k1_keypair_create(context, raw, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        // A SecretKey is validated on creation, so this cannot fail.
        precondition(created == 1, "secp256k1_keypair_create rejected a validated secret key")
        var xonly = secp256k1_xonly_pubkey()
        var parity: Int32 = 0
        precondition(secp256k1_keypair_xonly_pub(context, &xonly, &parity, raw) == 1, "secp256k1_keypair_xonly_pub failed")
        let bytes = Bytes32 { output in
            precondition(secp256k1_xonly_pubkey_serialize(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &xonly) == 1,
                         "secp256k1_xonly_pubkey_serialize failed")
        }
        // PublicKey holds the even-y point with this x: the key pair's own point, negated if its y is odd.
        var point = secp256k1_pubkey()
        precondition(secp256k1_keypair_pub(context, &point, raw) == 1, "secp256k1_keypair_pub failed")
        if parity == 1 { precondition(secp256k1_ec_pubkey_negate(context, &point) == 1, "secp256k1_ec_pubkey_negate failed") }
        self.secretKey = secretKey
        self.publicKey = PublicKey(bytes: bytes, point: point)
        self.raw = raw
    }

    /// A key pair for a new random secret key.
    public static func generate() -> Keypair {
        Keypair(secretKey: .generate())
    }

    deinit {
        ConstantTime.wipe(UnsafeMutableRawBufferPointer(start: raw, count: MemoryLayout<secp256k1_keypair>.size))
        raw.deallocate()
    }
}

extension Keypair: CustomStringConvertible {
    public var description: String { "Keypair(publicKey: \(publicKey.hex))" }
}
