import CSecp256k1

extension SecretKey {
    /// The unhashed x coordinate of `self · P` (NIP-44's `shared_x`), with the x-only key P
    /// lifted to the point with even y. This is secret material; callers wipe or hash it.
    /// Thread-safe.
    func sharedX(with publicKey: PublicKey) throws(CryptoError) -> Bytes32 {
        let context = Secp256k1Context.shared.pointer
        var compressed = [UInt8](repeating: 0x02, count: 33)
        publicKey.bytes.withUnsafeBytes { x in
            for index in 0..<32 { compressed[index + 1] = x[index] }
        }
        var point = secp256k1_pubkey()
        // PublicKey guarantees x is on the curve, so lifting cannot fail.
        precondition(secp256k1_ec_pubkey_parse(context, &point, compressed, 33) == 1, "lifting a validated x-only key failed")
        var failed = false
        let shared = Bytes32 { output in
            let status = withUnsafeBytes { secret in
                secp256k1_ecdh(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &point,
                               secret.baseAddress!.assumingMemoryBound(to: UInt8.self),
                               { output, x32, _, _ in
                                   // Copy x unhashed (NIP-44); libsecp256k1 hashes by default.
                                   guard let output, let x32 else { return 0 }
                                   output.update(from: x32, count: 32)
                                   return 1
                               }, nil)
            }
            failed = status != 1
        }
        if failed { throw CryptoError(operation: "secp256k1_ecdh", detail: "scalar multiplication failed") }
        return shared
    }
}
