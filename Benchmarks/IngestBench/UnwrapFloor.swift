import CSecp256k1
import Glibc

/// The physical floor of one unwrap: libsecp256k1 alone, with nothing of linkstr in between — two
/// Schnorr verifications (the wrap, the seal) and two ECDH (the wrap's one-time key, the seal's
/// sender), on one core. Keys are parsed once up front: the floor is the curve arithmetic.
enum UnwrapFloor {
    /// Unwraps per second on one core at the floor, each call timed for about `seconds`.
    static func perCore(seconds: Double = 0.5) -> Double {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else { return 0 }
        defer { secp256k1_context_destroy(context) }
        var secret = [UInt8](repeating: 0x3C, count: 32)
        secret[0] = 0x7F
        var keypair = secp256k1_keypair()
        var xonly = secp256k1_xonly_pubkey()
        var point = secp256k1_pubkey()
        var signature = [UInt8](repeating: 0, count: 64)
        var shared = [UInt8](repeating: 0, count: 32)
        let message = [UInt8](repeating: 0x5A, count: 32)
        guard secp256k1_keypair_create(context, &keypair, secret) == 1, secp256k1_keypair_xonly_pub(context, &xonly, nil, &keypair) == 1,
            secp256k1_keypair_pub(context, &point, &keypair) == 1,
            secp256k1_schnorrsig_sign32(context, &signature, message, &keypair, nil) == 1
        else { return 0 }
        let verify = rate(seconds) { _ = secp256k1_schnorrsig_verify(context, signature, message, 32, &xonly) }
        let ecdh = rate(seconds) {
            _ = secp256k1_ecdh(context, &shared, &point, secret, { output, x32, _, _ in
                guard let output, let x32 else { return 0 }
                output.update(from: x32, count: 32)
                return 1
            }, nil)
        }
        return 1 / (2 / verify + 2 / ecdh)
    }

    /// Calls per second of `body`, run in rounds of 100 for about `seconds` of thread CPU time.
    private static func rate(_ seconds: Double, _ body: () -> Void) -> Double {
        for _ in 0..<100 { body() }
        let start = threadCPU()
        var calls = 0
        while threadCPU() - start < seconds {
            for _ in 0..<100 { body() }
            calls += 100
        }
        return Double(calls) / (threadCPU() - start)
    }

    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
