import COpenSSL

/// HKDF with SHA-256 (RFC 5869) through libcrypto's EVP_KDF "HKDF", used in its
/// extract-only and expand-only modes as NIP-44 requires. Thread-safe.
enum HKDF {
    /// HKDF-Extract(salt, IKM) → 32-byte pseudorandom key.
    static func extract(salt: UnsafeRawBufferPointer, inputKeyMaterial: UnsafeRawBufferPointer) throws(CryptoError) -> Bytes32 {
        var failed = false
        let prk = Bytes32 { output in
            failed = !derive(mode: EVP_KDF_HKDF_MODE_EXTRACT_ONLY, key: inputKeyMaterial, salt: salt, info: nil, output: output)
        }
        if failed { throw CryptoError.openSSL("HKDF-Extract") }
        return prk
    }

    /// HKDF-Expand(PRK, info, L) written into `output` (L = `output.count`).
    static func expand(pseudorandomKey: UnsafeRawBufferPointer, info: UnsafeRawBufferPointer,
                       into output: UnsafeMutableRawBufferPointer) throws(CryptoError) {
        guard derive(mode: EVP_KDF_HKDF_MODE_EXPAND_ONLY, key: pseudorandomKey, salt: nil, info: info, output: output) else {
            throw CryptoError.openSSL("HKDF-Expand")
        }
    }

    private static func derive(mode: Int32, key: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer?,
                               info: UnsafeRawBufferPointer?, output: UnsafeMutableRawBufferPointer) -> Bool {
        let algorithms = OpenSSLAlgorithms.shared
        guard let context = EVP_KDF_CTX_new(algorithms.hkdf) else { return false }
        defer { EVP_KDF_CTX_free(context) }
        var mode = mode
        return withUnsafeMutablePointer(to: &mode) { modePointer in
            var parameters = [
                OSSL_PARAM_construct_utf8_string(algorithms.digestParameter, algorithms.sha256Name, 0),
                OSSL_PARAM_construct_int(algorithms.modeParameter, modePointer),
                OSSL_PARAM_construct_octet_string(algorithms.keyParameter, UnsafeMutableRawPointer(mutating: key.baseAddress), key.count),
            ]
            if let salt {
                parameters.append(OSSL_PARAM_construct_octet_string(
                    algorithms.saltParameter, UnsafeMutableRawPointer(mutating: salt.baseAddress), salt.count))
            }
            if let info {
                parameters.append(OSSL_PARAM_construct_octet_string(
                    algorithms.infoParameter, UnsafeMutableRawPointer(mutating: info.baseAddress), info.count))
            }
            parameters.append(OSSL_PARAM_construct_end())
            return EVP_KDF_derive(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, &parameters) == 1
        }
    }
}
