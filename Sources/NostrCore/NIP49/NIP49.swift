import Foundation

/// NIP-49 password-encrypted secret keys (`ncryptsec1…`): scrypt(NFKC(password), salt,
/// N = 2^log_n, r = 8, p = 1) → XChaCha20-Poly1305 with the key-security byte as associated
/// data. scrypt and ChaCha20-Poly1305 come from libcrypto; only HChaCha20 (the XChaCha nonce
/// extension) is written here.
///
/// Decryption checks the prefix, length, version, log_n and key-security byte before running
/// scrypt. Thread-safe (pure functions); scrypt is deliberately slow and memory-hungry
/// (log_n 16 ≈ 64 MiB), so call it off latency-sensitive threads.
public enum NIP49 {
    public static let version: UInt8 = 0x02
    public static let payloadLength = 91
    public static let defaultLogN: UInt8 = 16
    /// The default upper bound on log_n accepted when decrypting (22 → 4 GiB of memory).
    public static let defaultMaximumLogN: UInt8 = 22
    static let prefix = "ncryptsec"
    static let saltLength = 16
    static let nonceLength = 24

    /// The password as scrypt sees it: Unicode NFKC, UTF-8.
    public static func normalizedPassword(_ password: String) -> [UInt8] {
        Array(password.precomposedStringWithCompatibilityMapping.utf8)
    }

    /// Encrypts with a random salt and nonce.
    public static func encrypt(_ secretKey: SecretKey, password: String, logN: UInt8 = defaultLogN,
                               keySecurity: KeySecurity = .untracked) throws(NIP49Error) -> String {
        try encrypt(secretKey, password: password, logN: logN, keySecurity: keySecurity,
                    salt: SecureRandom.bytes(saltLength), nonce: SecureRandom.bytes(nonceLength))
    }

    /// Encrypts with the given salt (16 bytes) and nonce (24 bytes). Never reuse them; fixed
    /// values are only for reproducing test vectors.
    public static func encrypt(_ secretKey: SecretKey, password: String, logN: UInt8, keySecurity: KeySecurity,
                               salt: some Collection<UInt8>, nonce: some Collection<UInt8>) throws(NIP49Error) -> String {
        guard (1...63).contains(logN) else { throw .logNOutOfRange(logN, maximum: 63) }
        let salt = Array(salt)
        let nonce = Array(nonce)
        guard salt.count == saltLength, nonce.count == nonceLength else { throw .invalidSaltOrNonce }
        var plaintext = secretKey.exportBytes()
        defer { plaintext.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        let ciphertext = try aead(password: password, logN: logN, salt: salt, nonce: nonce, keySecurity: keySecurity.rawValue) {
            key, chachaNonce, associatedData throws(CryptoError) -> [UInt8]? in
            try withContiguousBytes(plaintext) { plaintext throws(CryptoError) in
                try ChaCha20Poly1305.seal(key: key, nonce: chachaNonce, plaintext: plaintext, associatedData: associatedData)
            }
        }
        guard let ciphertext else { throw .crypto(CryptoError(operation: "ChaCha20-Poly1305 seal", detail: "no output")) }
        let payload = [version, logN] + salt + nonce + [keySecurity.rawValue] + ciphertext
        return Bech32.encode(hrp: prefix, data: payload)
    }

    /// The parameters of an ncryptsec, checked but without decrypting (no scrypt).
    public static func inspect(_ ncryptsec: String) throws(NIP49Error) -> (logN: UInt8, keySecurity: KeySecurity) {
        let payload = try decodePayload(ncryptsec)
        guard let keySecurity = KeySecurity(rawValue: payload[42]) else { throw .unknownKeySecurity(payload[42]) }
        return (payload[1], keySecurity)
    }

    /// Decrypts. log_n above `maximumLogN` is refused before scrypt runs, so a hostile string
    /// cannot make the process allocate unbounded memory.
    public static func decrypt(_ ncryptsec: String, password: String,
                               maximumLogN: UInt8 = defaultMaximumLogN) throws(NIP49Error) -> DecryptedKey {
        let payload = try decodePayload(ncryptsec)
        let logN = payload[1]
        guard (1...maximumLogN).contains(logN) else { throw .logNOutOfRange(logN, maximum: maximumLogN) }
        guard let keySecurity = KeySecurity(rawValue: payload[42]) else { throw .unknownKeySecurity(payload[42]) }
        let salt = Array(payload[2..<18])
        let nonce = Array(payload[18..<42])
        let ciphertext = Array(payload[43..<91])
        let opened = try aead(password: password, logN: logN, salt: salt, nonce: nonce, keySecurity: keySecurity.rawValue) {
            key, chachaNonce, associatedData throws(CryptoError) -> [UInt8]? in
            try withContiguousBytes(ciphertext) { ciphertext throws(CryptoError) in
                try ChaCha20Poly1305.open(key: key, nonce: chachaNonce, ciphertextAndTag: ciphertext, associatedData: associatedData)
            }
        }
        guard var plaintext = opened else { throw .wrongPasswordOrCorrupted }
        defer { plaintext.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        guard let secretKey = try? SecretKey(bytes: plaintext) else { throw .invalidSecretKey }
        return DecryptedKey(secretKey: secretKey, logN: logN, keySecurity: keySecurity)
    }

    /// Bech32-decodes and checks prefix, length and version.
    private static func decodePayload(_ ncryptsec: String) throws(NIP49Error) -> [UInt8] {
        let decoded: (hrp: String, data: [UInt8])
        do throws(Bech32Error) {
            decoded = try Bech32.decode(ncryptsec.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw .bech32(error)
        }
        guard decoded.hrp == prefix else { throw .wrongPrefix(decoded.hrp) }
        guard decoded.data.count == payloadLength else { throw .invalidLength(decoded.data.count) }
        guard decoded.data[0] == version else { throw .unsupportedVersion(decoded.data[0]) }
        return decoded.data
    }

    /// Runs scrypt and HChaCha20, then `body` with the ChaCha20-Poly1305 key, the 12-byte
    /// nonce (4 zero bytes ‖ last 8 nonce bytes) and the associated data. Wipes the keys.
    private static func aead(password: String, logN: UInt8, salt: [UInt8], nonce: [UInt8], keySecurity: UInt8,
                             _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8]?)
        throws(NIP49Error) -> [UInt8]? {
        var normalized = normalizedPassword(password)
        defer { normalized.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        var symmetricKey: [UInt8]
        do throws(CryptoError) {
            symmetricKey = try withContiguousBytes(normalized) { password throws(CryptoError) in
                try withContiguousBytes(salt) { salt throws(CryptoError) in
                    try Scrypt.derive(password: password, salt: salt, logN: logN, length: 32)
                }
            }
        } catch {
            throw .crypto(error)
        }
        defer { symmetricKey.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        var subkey = symmetricKey.withUnsafeBytes { key in
            nonce.withUnsafeBytes { nonce in HChaCha20.subkey(key: key, nonce16: UnsafeRawBufferPointer(rebasing: nonce[0..<16])) }
        }
        defer { subkey = Bytes32() }
        let chachaNonce = [0, 0, 0, 0] + nonce[16..<24]
        do throws(CryptoError) {
            return try subkey.withUnsafeBytes { key throws(CryptoError) in
                try withContiguousBytes(chachaNonce) { chachaNonce throws(CryptoError) in
                    try withContiguousBytes([keySecurity]) { associatedData throws(CryptoError) in
                        try body(key, chachaNonce, associatedData)
                    }
                }
            }
        } catch {
            throw .crypto(error)
        }
    }
}
