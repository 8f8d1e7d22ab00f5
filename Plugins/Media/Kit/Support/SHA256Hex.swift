import COpenSSL

/// SHA-256 through libcrypto, as lowercase hex: the file names of cached thumbnails and videos
/// (`<sha256(url)>.<ext>`, the iPhone app's layout).
enum SHA256Hex {
    static func of(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        let bytes = Array(text.utf8)
        // EVP_Digest with SHA-256 fails only when libcrypto cannot allocate a context.
        let status = bytes.withUnsafeBufferPointer { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(status == 1, "libcrypto could not compute SHA-256")
        let hex: [Character] = Array("0123456789abcdef")
        var result = ""
        result.reserveCapacity(64)
        for byte in digest {
            result.append(hex[Int(byte >> 4)])
            result.append(hex[Int(byte & 0x0F)])
        }
        return result
    }
}
