import COpenSSL

/// Comparisons whose running time does not depend on the data (OpenSSL `CRYPTO_memcmp`).
package enum ConstantTime {
    /// True when both buffers have the same length and the same bytes.
    package static func equals(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0
    }

    /// Overwrites `buffer` with zeros in a way the compiler cannot remove (`OPENSSL_cleanse`).
    static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        OPENSSL_cleanse(base, buffer.count)
    }
}
