import COpenSSL
import Synchronization

/// The libcrypto objects a ``RecordCipher`` uses for every record, made once: libcrypto 3 looks an
/// algorithm up by name on each use of `EVP_aes_256_gcm()` or `HMAC()`, and asks its random
/// generator under a lock for each nonce, which cost more than the encryption of a record itself.
///
/// Thread rule: thread-safe. The cipher and the HMAC template are only read (each HMAC works on a
/// copy of the template); the nonce bytes are behind a mutex.
final class RecordCipherPrimitives: @unchecked Sendable {
    /// AES-256-GCM, fetched once for the process (never freed).
    nonisolated(unsafe) static let aes256GCM: OpaquePointer = {
        guard let cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) else { fatalError("libcrypto does not provide AES-256-GCM") }
        return cipher
    }()

    /// HMAC-SHA256 with the lookup key already set.
    private let lookupTemplate: OpaquePointer
    /// Random bytes from libcrypto, taken `RecordCipher.nonceLength` at a time and refilled a few
    /// kilobytes at once.
    private let randomBytes = Mutex(RandomBytes())

    private struct RandomBytes {
        var bytes: [UInt8] = []
        var next = 0
    }

    private static let randomRefill = 4_096

    init(lookupKey: [UInt8]) throws(RecordCipherError) {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw .cryptoFailure("HMAC fetch") }
        defer { EVP_MAC_free(mac) }
        guard let template = EVP_MAC_CTX_new(mac) else { throw .cryptoFailure("HMAC context") }
        let initialized = "digest".withCString { name in
            "SHA256".withCString { digest in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0), OSSL_PARAM_construct_end(),
                ]
                return EVP_MAC_init(template, lookupKey, lookupKey.count, &parameters)
            }
        }
        guard initialized == 1 else {
            EVP_MAC_CTX_free(template)
            throw .cryptoFailure("HMAC init")
        }
        lookupTemplate = template
    }

    deinit {
        EVP_MAC_CTX_free(lookupTemplate)
    }

    /// HMAC-SHA256 of `data` under the lookup key.
    func lookupHash(_ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        guard let context = EVP_MAC_CTX_dup(lookupTemplate) else { fatalError("libcrypto: out of memory for an HMAC context") }
        defer { EVP_MAC_CTX_free(context) }
        var length = 0
        // A NULL key restarts the copy with the key already set.
        guard EVP_MAC_init(context, nil, 0, nil) == 1, EVP_MAC_update(context, data, data.count) == 1,
            EVP_MAC_final(context, &digest, &length, digest.count) == 1, length == 32
        else { fatalError("libcrypto: HMAC-SHA256 failed") }
        return digest
    }

    /// `count` fresh random bytes (a nonce).
    func random(_ count: Int) throws(RecordCipherError) -> ArraySlice<UInt8> {
        try randomBytes.withLock { (state: inout RandomBytes) throws(RecordCipherError) -> ArraySlice<UInt8> in
            if state.next + count > state.bytes.count {
                var fresh = [UInt8](repeating: 0, count: Self.randomRefill)
                guard RAND_bytes(&fresh, Int32(fresh.count)) == 1 else { throw .cryptoFailure("RAND_bytes") }
                state = RandomBytes(bytes: fresh, next: 0)
            }
            defer { state.next += count }
            return state.bytes[state.next..<(state.next + count)]
        }
    }
}
