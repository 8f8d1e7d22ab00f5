import COpenSSL

/// ChaCha20-Poly1305 AEAD (RFC 8439, 12-byte nonce, 16-byte tag) through libcrypto.
/// Thread-safe.
enum ChaCha20Poly1305 {
    static let tagLength = 16

    /// Returns ciphertext ‖ tag.
    static func seal(key: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, plaintext: UnsafeRawBufferPointer,
                     associatedData: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8] {
        precondition(key.count == 32 && nonce.count == 12, "ChaCha20-Poly1305 needs a 32-byte key and a 12-byte nonce")
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptoError.openSSL("ChaCha20-Poly1305 seal") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        let ok = output.withUnsafeMutableBufferPointer { out -> Bool in
            var written: Int32 = 0
            guard EVP_EncryptInit_ex2(context, OpenSSLAlgorithms.shared.chacha20Poly1305, bytes(key), bytes(nonce), nil) == 1,
                  EVP_EncryptUpdate(context, nil, &written, bytes(associatedData), Int32(associatedData.count)) == 1,
                  EVP_EncryptUpdate(context, out.baseAddress, &written, bytes(plaintext), Int32(plaintext.count)) == 1,
                  Int(written) == plaintext.count,
                  EVP_EncryptFinal_ex(context, out.baseAddress! + plaintext.count, &written) == 1,
                  EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, Int32(tagLength), out.baseAddress! + plaintext.count) == 1
            else { return false }
            return true
        }
        guard ok else { throw CryptoError.openSSL("ChaCha20-Poly1305 seal") }
        return output
    }

    /// Verifies the tag and returns the plaintext, or nil if the tag does not match (wrong
    /// key, wrong associated data or altered ciphertext).
    static func open(key: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, ciphertextAndTag: UnsafeRawBufferPointer,
                     associatedData: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8]? {
        precondition(key.count == 32 && nonce.count == 12, "ChaCha20-Poly1305 needs a 32-byte key and a 12-byte nonce")
        guard ciphertextAndTag.count >= tagLength else { return nil }
        let ciphertextLength = ciphertextAndTag.count - tagLength
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptoError.openSSL("ChaCha20-Poly1305 open") }
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertextLength)
        var tag = Array(ciphertextAndTag[ciphertextLength...])
        enum Outcome { case opened, tagMismatch, failure }
        let outcome = plaintext.withUnsafeMutableBufferPointer { out -> Outcome in
            var written: Int32 = 0
            guard EVP_DecryptInit_ex2(context, OpenSSLAlgorithms.shared.chacha20Poly1305, bytes(key), bytes(nonce), nil) == 1,
                  EVP_DecryptUpdate(context, nil, &written, bytes(associatedData), Int32(associatedData.count)) == 1,
                  EVP_DecryptUpdate(context, out.baseAddress, &written, bytes(ciphertextAndTag), Int32(ciphertextLength)) == 1,
                  Int(written) == ciphertextLength,
                  EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), &tag) == 1
            else { return .failure }
            var finalWritten: Int32 = 0
            return EVP_DecryptFinal_ex(context, out.baseAddress! + ciphertextLength, &finalWritten) == 1 ? .opened : .tagMismatch
        }
        switch outcome {
        case .opened:
            return plaintext
        case .tagMismatch:
            plaintext.withUnsafeMutableBytes { ConstantTime.wipe($0) }
            ERR_clear_error()
            return nil
        case .failure:
            plaintext.withUnsafeMutableBytes { ConstantTime.wipe($0) }
            throw CryptoError.openSSL("ChaCha20-Poly1305 open")
        }
    }

    private static func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }
}
