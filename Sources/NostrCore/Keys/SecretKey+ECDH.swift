import CSecp256k1

extension SecretKey {
    /// The unhashed x coordinate of `self · P` (NIP-44's `shared_x`), with the x-only key P
    /// lifted to the point with even y (PublicKey keeps that point, so no square root here).
    /// This is secret material; callers wipe or hash it. Thread-safe.
    func sharedX(with publicKey: PublicKey) throws(CryptoError) -> Bytes32 {
        let context = Secp256k1Context.shared.pointer
        var point = publicKey.point
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
