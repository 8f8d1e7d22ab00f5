import COpenSSL

/// NIP-04 encryption (deprecated by NIP-44, still asked for by older clients of a remote signer):
/// AES-256-CBC with PKCS#7 padding, keyed by the unhashed x coordinate of the secp256k1 ECDH point,
/// written as `<base64 ciphertext>?iv=<base64 16-byte IV>`.
///
/// It has no MAC: a wrong key shows only as bad padding or text that is not UTF-8, and an altered
/// ciphertext may decrypt to other text. Use it only where a peer has nothing else.
///
/// Thread-safe (pure functions).
public enum NIP04 {
    static let ivLength = 16
    static let separator = "?iv="

    /// Encrypts `plaintext` from `secretKey` to `peer` with a fresh random IV.
    public static func encrypt(_ plaintext: String, secretKey: SecretKey, peer: PublicKey) throws(NIP04Error) -> String {
        try encrypt(plaintext, secretKey: secretKey, peer: peer, iv: SecureRandom.bytes(ivLength))
    }

    /// Encrypts with the given IV (only for reproducing known ciphertexts).
    public static func encrypt(_ plaintext: String, secretKey: SecretKey, peer: PublicKey, iv: [UInt8]) throws(NIP04Error) -> String {
        guard iv.count == ivLength else { throw .invalidIV }
        let ciphertext = try cipher(Array(plaintext.utf8), secretKey: secretKey, peer: peer, iv: iv, encrypting: true)
        return ciphertext.withUnsafeBytes { Base64.encode($0) } + separator + iv.withUnsafeBytes { Base64.encode($0) }
    }

    /// Decrypts a `<base64>?iv=<base64>` payload that `peer` encrypted to `secretKey`'s public key.
    public static func decrypt(_ payload: String, secretKey: SecretKey, peer: PublicKey) throws(NIP04Error) -> String {
        guard let range = payload.range(of: separator) else { throw .malformedPayload }
        guard let ciphertext = decodeBase64(String(payload[..<range.lowerBound])), !ciphertext.isEmpty,
            let iv = decodeBase64(String(payload[range.upperBound...]))
        else { throw .malformedPayload }
        guard iv.count == ivLength else { throw .invalidIV }
        let plaintext = try cipher(ciphertext, secretKey: secretKey, peer: peer, iv: iv, encrypting: false)
        guard let text = String(validating: plaintext, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    /// Whether `payload` has the NIP-04 shape (NIP-44 payloads are plain base64, without `?iv=`).
    public static func isNIP04Payload(_ payload: String) -> Bool {
        payload.contains(separator)
    }

    private static func decodeBase64(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { Base64.decode($0) }
    }

    private static func cipher(_ input: [UInt8], secretKey: SecretKey, peer: PublicKey, iv: [UInt8], encrypting: Bool) throws(NIP04Error) -> [UInt8] {
        let key: Bytes32
        do {
            key = try secretKey.sharedX(with: peer)
        } catch {
            throw .crypto(error)
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw .crypto(.openSSL("AES-256-CBC")) }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: input.count + ivLength)
        var written: Int32 = 0
        var finished: Int32 = 0
        let ok = key.withUnsafeBytes { (key: UnsafeRawBufferPointer) -> Bool in
            let keyBytes = key.baseAddress!.assumingMemoryBound(to: UInt8.self)
            guard EVP_CipherInit_ex2(context, OpenSSLAlgorithms.shared.aes256CBC, keyBytes, iv, encrypting ? 1 : 0, nil) == 1,
                EVP_CipherUpdate(context, &output, &written, input, Int32(input.count)) == 1
            else { return false }
            return output.withUnsafeMutableBufferPointer { buffer in
                EVP_CipherFinal_ex(context, buffer.baseAddress! + Int(written), &finished) == 1
            }
        }
        guard ok else {
            if encrypting { throw .crypto(.openSSL("AES-256-CBC")) }
            ERR_clear_error()
            throw .invalidPadding
        }
        return Array(output.prefix(Int(written + finished)))
    }
}
