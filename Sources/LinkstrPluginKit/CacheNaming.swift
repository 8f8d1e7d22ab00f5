import COpenSSL

/// Names of cache files: HMAC-SHA256 (hex) of a link under a secret key, so a file name does not tell
/// which link it holds, not even to someone who hashes candidate links. The host keeps the key of
/// the media cache and hands it to the media plugins as `host.media_cache_key`.
public struct CacheNaming: Sendable {
    private let key: [UInt8]

    /// A new random key.
    public init() {
        var key = [UInt8](repeating: 0, count: 32)
        precondition(RAND_bytes(&key, Int32(key.count)) == 1, "libcrypto could not produce random bytes")
        self.key = key
    }

    /// The key from its 64 hex digits; nil when `hex` is not that.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var key: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            key.append(byte)
        }
        self.key = key
    }

    /// The key as 64 hex digits.
    public var hex: String { Self.hex(key) }

    /// The file name (without extension) of `link`.
    public func name(for link: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let bytes = Array(link.utf8)
        precondition(HMAC(EVP_sha256(), key, Int32(key.count), bytes, bytes.count, &digest, &length) != nil, "libcrypto could not compute HMAC-SHA256")
        return Self.hex(digest)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0F, radix: 16) }.joined()
    }
}
