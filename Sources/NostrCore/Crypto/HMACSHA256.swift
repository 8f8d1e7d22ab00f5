import COpenSSL

/// HMAC-SHA256 through libcrypto's EVP_MAC interface. Thread-safe.
enum HMACSHA256 {
    /// HMAC-SHA256(key, message₁ ‖ message₂ ‖ …).
    static func authenticate(key: UnsafeRawBufferPointer, messages: [UnsafeRawBufferPointer]) throws(CryptoError) -> Bytes32 {
        // A copy of a context whose digest is already set (see OpenSSLAlgorithms).
        guard let context = EVP_MAC_CTX_dup(OpenSSLAlgorithms.shared.hmacTemplate) else { throw CryptoError.openSSL("HMAC-SHA256") }
        defer { EVP_MAC_CTX_free(context) }
        guard EVP_MAC_init(context, key.baseAddress?.assumingMemoryBound(to: UInt8.self), key.count, nil) == 1 else {
            throw CryptoError.openSSL("HMAC-SHA256")
        }
        for message in messages where message.count > 0 {
            guard EVP_MAC_update(context, message.baseAddress!.assumingMemoryBound(to: UInt8.self), message.count) == 1 else {
                throw CryptoError.openSSL("HMAC-SHA256")
            }
        }
        var failed = false
        let mac = Bytes32 { output in
            var length = 0
            failed = EVP_MAC_final(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, output.count) != 1
                || length != 32
        }
        if failed { throw CryptoError.openSSL("HMAC-SHA256") }
        return mac
    }
}
