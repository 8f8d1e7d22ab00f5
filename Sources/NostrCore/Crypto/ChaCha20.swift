import COpenSSL

/// ChaCha20 (RFC 8439) with a 12-byte nonce and initial block counter 0, through
/// libcrypto's `EVP_chacha20` cipher. Thread-safe.
enum ChaCha20 {
    /// XORs the keystream into `data` in place (encryption and decryption are the same).
    static func apply(key: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer,
                      to data: UnsafeMutableRawBufferPointer) throws(CryptoError) {
        precondition(key.count == 32 && nonce.count == 12, "ChaCha20 needs a 32-byte key and a 12-byte nonce")
        // OpenSSL's 16-byte IV is the 32-bit little-endian block counter followed by the nonce.
        var iv = [UInt8](repeating: 0, count: 16)
        for index in 0..<12 { iv[4 + index] = nonce[index] }
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptoError.openSSL("ChaCha20") }
        defer { EVP_CIPHER_CTX_free(context) }
        let keyBytes = key.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard EVP_EncryptInit_ex2(context, OpenSSLAlgorithms.shared.chacha20, keyBytes, iv, nil) == 1 else {
            throw CryptoError.openSSL("ChaCha20")
        }
        guard data.count > 0 else { return }
        let bytes = data.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var written: Int32 = 0
        guard EVP_EncryptUpdate(context, bytes, &written, bytes, Int32(data.count)) == 1, Int(written) == data.count else {
            throw CryptoError.openSSL("ChaCha20")
        }
    }
}
