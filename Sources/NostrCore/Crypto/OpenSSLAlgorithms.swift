import COpenSSL

/// The libcrypto algorithm objects used by this module, fetched once from the default
/// provider and shared. Fetched algorithm objects are immutable and safe to use from
/// several threads at once (OpenSSL 3 threading rules).
final class OpenSSLAlgorithms: @unchecked Sendable {
    static let shared = OpenSSLAlgorithms()

    let sha256: OpaquePointer
    let hmac: OpaquePointer
    let chacha20: OpaquePointer
    let chacha20Poly1305: OpaquePointer
    let aes256CBC: OpaquePointer

    /// An HMAC context with its digest (SHA256) already set, duplicated for each use
    /// (`EVP_MAC_CTX_dup`) instead of created and configured each time, which made libcrypto
    /// look the digest up by name on every call. Never used directly, only read by the dup
    /// function, so sharing it between threads is safe.
    let hmacTemplate: OpaquePointer

    /// C strings for OSSL_PARAM names and values. An OSSL_PARAM keeps the pointer, so these
    /// live as long as the process (allocated once, never freed, never written).
    let digestParameter = OpenSSLAlgorithms.permanentCString("digest")
    let sha256Name = OpenSSLAlgorithms.permanentCString("SHA256")

    private static func permanentCString(_ string: String) -> UnsafeMutablePointer<CChar> {
        let characters = string.utf8CString
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: characters.count)
        characters.withUnsafeBufferPointer { pointer.initialize(from: $0.baseAddress!, count: $0.count) }
        return pointer
    }

    private init() {
        func require(_ pointer: OpaquePointer?, _ name: String) -> OpaquePointer {
            guard let pointer else {
                fatalError("libcrypto does not provide \(name): \(CryptoError.openSSL("fetch \(name)").detail)")
            }
            return pointer
        }
        sha256 = require(EVP_MD_fetch(nil, "SHA256", nil), "SHA256")
        hmac = require(EVP_MAC_fetch(nil, "HMAC", nil), "HMAC")
        chacha20 = require(EVP_CIPHER_fetch(nil, "ChaCha20", nil), "ChaCha20")
        chacha20Poly1305 = require(EVP_CIPHER_fetch(nil, "ChaCha20-Poly1305", nil), "ChaCha20-Poly1305")
        aes256CBC = require(EVP_CIPHER_fetch(nil, "AES-256-CBC", nil), "AES-256-CBC")

        let hmacContext = require(EVP_MAC_CTX_new(hmac), "an HMAC context")
        var hmacParameters = [
            OSSL_PARAM_construct_utf8_string(digestParameter, sha256Name, 0),
            OSSL_PARAM_construct_end(),
        ]
        guard EVP_MAC_CTX_set_params(hmacContext, &hmacParameters) == 1 else { fatalError("libcrypto refused HMAC with SHA256") }
        hmacTemplate = hmacContext
    }
}
