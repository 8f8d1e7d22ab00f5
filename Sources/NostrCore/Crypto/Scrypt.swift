import COpenSSL

/// scrypt (RFC 7914) through libcrypto's `EVP_PBE_scrypt`. Thread-safe.
package enum Scrypt {
    /// Derives `length` bytes. Memory use is about 128 · r · 2^logN bytes; the memory limit
    /// passed to OpenSSL is sized for exactly that, so large `logN` (e.g. 22 → 4 GiB) works
    /// when the machine has the memory.
    package static func derive(password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, logN: UInt8,
                       r: UInt64 = 8, p: UInt64 = 1, length: Int) throws(CryptoError) -> [UInt8] {
        precondition(logN >= 1 && logN < 64, "scrypt needs 1 ≤ log_n < 64")
        let n = UInt64(1) << UInt64(logN)
        // OpenSSL needs 128·r·(N + 2) bytes for V plus 128·r·p bytes for B.
        let (vBytes, vOverflow) = (128 * r).multipliedReportingOverflow(by: n + 2)
        guard !vOverflow else { throw CryptoError(operation: "scrypt", detail: "log_n \(logN) needs more memory than can be addressed") }
        let maximumMemory = vBytes + 128 * r * p + 1 << 20
        var key = [UInt8](repeating: 0, count: length)
        let status = key.withUnsafeMutableBufferPointer { output in
            EVP_PBE_scrypt(password.baseAddress?.assumingMemoryBound(to: CChar.self), password.count,
                           salt.baseAddress?.assumingMemoryBound(to: UInt8.self), salt.count,
                           n, r, p, maximumMemory, output.baseAddress, length)
        }
        guard status == 1 else { throw CryptoError.openSSL("scrypt (log_n \(logN))") }
        return key
    }
}
