import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's `RAND_bytes` (seeded by the
/// kernel's getrandom). Thread-safe.
enum SecureRandom {
    /// Fills `buffer`. Stops the process if the system cannot provide randomness:
    /// continuing would produce guessable keys and nonces.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count > 0 else { return }
        let status = RAND_bytes(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(buffer.count))
        guard status == 1 else {
            fatalError("RAND_bytes failed; refusing to continue without secure randomness: \(CryptoError.openSSL("RAND_bytes").detail)")
        }
    }

    static func bytes(_ count: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        result.withUnsafeMutableBytes { fill($0) }
        return result
    }

    static func bytes32() -> Bytes32 {
        Bytes32 { fill($0) }
    }
}
