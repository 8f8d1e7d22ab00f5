import COpenSSL

/// SHA-256 through libcrypto's EVP interface. Thread-safe.
enum SHA256 {
    static func hash(_ data: UnsafeRawBufferPointer) -> Bytes32 {
        Bytes32 { output in
            var length: UInt32 = 0
            let status = EVP_Digest(data.baseAddress, data.count, output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                    &length, OpenSSLAlgorithms.shared.sha256, nil)
            // EVP_Digest with a fetched SHA-256 only fails on allocation failure.
            precondition(status == 1 && length == 32, "SHA-256 failed: \(CryptoError.openSSL("SHA-256").detail)")
        }
    }

    static func hash(_ bytes: [UInt8]) -> Bytes32 {
        bytes.withUnsafeBytes { hash($0) }
    }
}
