/// HChaCha20 (draft-irtf-cfrg-xchacha §2.2): derives a 256-bit subkey from a 256-bit key and
/// the first 16 bytes of an XChaCha20 nonce. libcrypto has no XChaCha20, so this one
/// function is written here; the actual encryption stays in libcrypto. Thread-safe.
enum HChaCha20 {
    static func subkey(key: UnsafeRawBufferPointer, nonce16: UnsafeRawBufferPointer) -> Bytes32 {
        precondition(key.count == 32 && nonce16.count == 16, "HChaCha20 needs a 32-byte key and a 16-byte nonce")
        func word(_ buffer: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
            UInt32(buffer[4 * index]) | UInt32(buffer[4 * index + 1]) << 8
                | UInt32(buffer[4 * index + 2]) << 16 | UInt32(buffer[4 * index + 3]) << 24
        }
        // "expand 32-byte k", then the key, then the 16 nonce bytes (all little-endian words).
        var state: [UInt32] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]
        state.reserveCapacity(16)
        for index in 0..<8 { state.append(word(key, index)) }
        for index in 0..<4 { state.append(word(nonce16, index)) }

        func quarterRound(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
            state[a] &+= state[b]; state[d] ^= state[a]; state[d] = state[d].rotatedLeft(16)
            state[c] &+= state[d]; state[b] ^= state[c]; state[b] = state[b].rotatedLeft(12)
            state[a] &+= state[b]; state[d] ^= state[a]; state[d] = state[d].rotatedLeft(8)
            state[c] &+= state[d]; state[b] ^= state[c]; state[b] = state[b].rotatedLeft(7)
        }
        for _ in 0..<10 {  // 20 rounds: 10 × (column round + diagonal round)
            quarterRound(0, 4, 8, 12); quarterRound(1, 5, 9, 13); quarterRound(2, 6, 10, 14); quarterRound(3, 7, 11, 15)
            quarterRound(0, 5, 10, 15); quarterRound(1, 6, 11, 12); quarterRound(2, 7, 8, 13); quarterRound(3, 4, 9, 14)
        }
        // Output: words 0…3 and 12…15, little-endian, without the feed-forward addition.
        let outputWords = [state[0], state[1], state[2], state[3], state[12], state[13], state[14], state[15]]
        let subkey = Bytes32 { output in
            for (index, value) in outputWords.enumerated() {
                for byte in 0..<4 { output[4 * index + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
            }
        }
        state.withUnsafeMutableBytes { ConstantTime.wipe($0) }
        return subkey
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 {
        (self << count) | (self >> (32 - count))
    }
}
