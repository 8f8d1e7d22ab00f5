import CSecp256k1
import Foundation

/// libsecp256k1 called directly, with nothing of NostrCore in between: the floor that NostrCore's
/// sign, verify, ECDH and gift-wrap numbers are held against. Keys are parsed once up front (the
/// floor is the curve arithmetic, not hex or JSON); the ECDH returns the unhashed x coordinate as
/// NIP-44 needs (a custom hash function, as `SecretKey.sharedX` does).
final class Secp256k1Floor {
    /// Operations per second of each raw call.
    struct Rates {
        var sign: Double
        var verify: Double
        var ecdh: Double
        var keypairCreate: Double

        /// The rates measured by a ``BenchmarkSet`` that ran ``register(in:)``.
        init(_ set: BenchmarkSet) {
            sign = set.rate("floor.sign")
            verify = set.rate("floor.verify")
            ecdh = set.rate("floor.ecdh")
            keypairCreate = set.rate("floor.keypair")
        }

        /// Seconds per operation.
        func time(_ rate: Double) -> Double { 1 / rate }

        /// Unwrap floor: two signature checks (wrap, seal) and `ecdh` scalar multiplications (the
        /// wrap's one-time key always; the seal's sender unless its conversation key is cached).
        func unwrap(ecdh count: Int) -> Double {
            1 / (2 * time(verify) + Double(count) * time(ecdh))
        }

        /// Creation floor: a one-time key pair, two signatures (seal, wrap) and `count` ECDH (the
        /// one-time key always; the sender's unless its conversation key with the recipient is cached).
        func create(ecdh count: Int) -> Double {
            1 / (time(keypairCreate) + 2 * time(sign) + Double(count) * time(ecdh))
        }
    }

    private let context: OpaquePointer
    private var keypair = secp256k1_keypair()
    private var xonly = secp256k1_xonly_pubkey()
    private var peer = secp256k1_pubkey()
    private var xonlyBytes = [UInt8](repeating: 0, count: 32)
    private var secret = [UInt8](repeating: 0, count: 32)
    private var message = [UInt8](repeating: 0x5A, count: 32)
    private var auxiliary = [UInt8](repeating: 0xA5, count: 32)
    private var signature = [UInt8](repeating: 0, count: 64)
    private var shared = [UInt8](repeating: 0, count: 32)
    private var fresh = secp256k1_keypair()
    private var parsed = secp256k1_xonly_pubkey()

    init() {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else { fatalError("secp256k1_context_create") }
        self.context = context
        var seed = [UInt8](repeating: 0, count: 32)
        for index in seed.indices { seed[index] = UInt8.random(in: 0...255) }
        precondition(secp256k1_context_randomize(context, seed) == 1)
        repeat {
            for index in secret.indices { secret[index] = UInt8.random(in: 0...255) }
        } while secp256k1_ec_seckey_verify(context, secret) != 1
        precondition(secp256k1_keypair_create(context, &keypair, secret) == 1)
        precondition(secp256k1_keypair_xonly_pub(context, &xonly, nil, &keypair) == 1)
        precondition(secp256k1_xonly_pubkey_serialize(context, &xonlyBytes, &xonly) == 1)
        precondition(secp256k1_schnorrsig_sign32(context, &signature, message, &keypair, auxiliary) == 1)
        // The peer of the ECDH: another key, lifted to the point with even y (NIP-44).
        var other = secp256k1_keypair()
        var otherSecret = [UInt8](repeating: 0x11, count: 32)
        otherSecret[0] = 0x7F
        precondition(secp256k1_keypair_create(context, &other, otherSecret) == 1)
        var otherXonly = secp256k1_xonly_pubkey()
        precondition(secp256k1_keypair_xonly_pub(context, &otherXonly, nil, &other) == 1)
        var compressed = [UInt8](repeating: 0x02, count: 33)
        var x = [UInt8](repeating: 0, count: 32)
        precondition(secp256k1_xonly_pubkey_serialize(context, &x, &otherXonly) == 1)
        compressed.replaceSubrange(1..., with: x)
        precondition(secp256k1_ec_pubkey_parse(context, &peer, compressed, 33) == 1)
    }

    /// Adds every raw call to `set` (keys `floor.sign`, `floor.verify`, `floor.ecdh`,
    /// `floor.keypair`, `floor.xonly-parse`).
    func register(in set: BenchmarkSet) {
        set.add("libsecp256k1 schnorrsig_sign32", key: "floor.sign") { [self] in
            precondition(secp256k1_schnorrsig_sign32(context, &signature, message, &keypair, auxiliary) == 1)
        }
        set.add("libsecp256k1 schnorrsig_verify", key: "floor.verify") { [self] in
            precondition(secp256k1_schnorrsig_verify(context, signature, message, 32, &xonly) == 1)
        }
        set.add("libsecp256k1 ecdh (unhashed x)", key: "floor.ecdh") { [self] in
            precondition(secp256k1_ecdh(context, &shared, &peer, secret, { output, x32, _, _ in
                guard let output, let x32 else { return 0 }
                output.update(from: x32, count: 32)
                return 1
            }, nil) == 1)
        }
        set.add("libsecp256k1 keypair_create", key: "floor.keypair") { [self] in
            precondition(secp256k1_keypair_create(context, &fresh, secret) == 1)
        }
        set.add("libsecp256k1 xonly_pubkey_parse", key: "floor.xonly-parse") { [self] in
            precondition(secp256k1_xonly_pubkey_parse(context, &parsed, xonlyBytes) == 1)
        }
    }
}
