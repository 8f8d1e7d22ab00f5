/// NIP-44 version 2 encryption (secp256k1 ECDH, HKDF-SHA256, ChaCha20, HMAC-SHA256, padded,
/// base64), implemented with libsecp256k1 and OpenSSL libcrypto.
///
/// This is the ≤ 65535-byte profile that the official test vectors, nostr-sdk and the iOS app
/// implement: plaintexts of 1…65535 bytes; the extended length prefix of nips PR #1907 is not
/// supported (a decrypted length prefix of zero is refused as invalid padding).
///
/// Decryption checks, in order: version marker, payload size, strict base64, decoded size,
/// version byte, then the MAC in constant time — before any decryption — then the padding.
/// Remember that NIP-44 requires the enclosing event's signature to be verified first.
///
/// Thread-safe (pure functions).
public enum NIP44 {
    public static let version: UInt8 = 2
    public static let minimumPlaintextLength = 1
    public static let maximumPlaintextLength = 65535
    static let nonceLength = 32
    static let macLength = 32
    static let minimumPayloadCharacters = 132
    static let maximumPayloadCharacters = 87472
    static let minimumDecodedLength = 99
    static let maximumDecodedLength = 65603

    /// NIP-44 `calc_padded_len`: the padded size (without the 2-byte length prefix).
    public static func paddedLength(for unpaddedLength: Int) -> Int {
        precondition(unpaddedLength >= 1, "NIP-44 plaintexts are at least 1 byte")
        if unpaddedLength <= 32 { return 32 }
        let floorLog2 = Int.bitWidth - (unpaddedLength - 1).leadingZeroBitCount - 1
        let nextPower = 1 << (floorLog2 + 1)
        let chunk = nextPower <= 256 ? 32 : nextPower / 8
        return chunk * ((unpaddedLength - 1) / chunk + 1)
    }

    // MARK: Encryption

    /// Encrypts UTF-8 text with a fresh random 32-byte nonce.
    public static func encrypt(_ plaintext: String, conversationKey: ConversationKey) throws(NIP44Error) -> String {
        try encrypt(plaintext.utf8, conversationKey: conversationKey, nonce: SecureRandom.bytes(nonceLength))
    }

    /// Encrypts UTF-8 text with the given nonce. Never reuse a nonce with the same key; a
    /// fixed nonce is only for reproducing test vectors.
    public static func encrypt(_ plaintext: String, conversationKey: ConversationKey,
                               nonce: some Collection<UInt8>) throws(NIP44Error) -> String {
        try encrypt(plaintext.utf8, conversationKey: conversationKey, nonce: nonce)
    }

    /// Encrypts raw bytes (NIP-44 defines payloads as UTF-8 text; peers decode them as such).
    public static func encrypt(_ plaintext: some Collection<UInt8>, conversationKey: ConversationKey,
                               nonce: some Collection<UInt8>) throws(NIP44Error) -> String {
        try withContiguousBytes(plaintext) { plaintext throws(NIP44Error) in
            try withContiguousBytes(nonce) { nonce throws(NIP44Error) in
                try encrypt(plaintext: plaintext, conversationKey: conversationKey, nonce: nonce)
            }
        }
    }

    static func encrypt(plaintext: UnsafeRawBufferPointer, conversationKey: ConversationKey,
                        nonce: UnsafeRawBufferPointer) throws(NIP44Error) -> String {
        guard (minimumPlaintextLength...maximumPlaintextLength).contains(plaintext.count) else {
            throw .invalidPlaintextLength(plaintext.count)
        }
        guard nonce.count == nonceLength else { throw .invalidNonceLength(nonce.count) }
        let keys = try MessageKeys(conversationKey: conversationKey, nonce: nonce)
        defer { keys.wipe() }

        // payload = version ‖ nonce ‖ ChaCha20(u16be length ‖ plaintext ‖ zeros) ‖ MAC
        let paddedCount = 2 + paddedLength(for: plaintext.count)
        let payload = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 + nonceLength + paddedCount + macLength, alignment: 8)
        defer {
            ConstantTime.wipe(payload)
            payload.deallocate()
        }
        payload.initializeMemory(as: UInt8.self, repeating: 0)
        payload[0] = version
        payload.baseAddress!.advanced(by: 1).copyMemory(from: nonce.baseAddress!, byteCount: nonceLength)
        let body = UnsafeMutableRawBufferPointer(rebasing: payload[(1 + nonceLength)..<(1 + nonceLength + paddedCount)])
        body[0] = UInt8(plaintext.count >> 8)
        body[1] = UInt8(plaintext.count & 0xFF)
        body.baseAddress!.advanced(by: 2).copyMemory(from: plaintext.baseAddress!, byteCount: plaintext.count)
        do throws(CryptoError) {
            try ChaCha20.apply(key: keys.chachaKey, nonce: keys.chachaNonce, to: body)
            let mac = try HMACSHA256.authenticate(key: keys.hmacKey, messages: [nonce, UnsafeRawBufferPointer(body)])
            mac.withUnsafeBytes { payload.baseAddress!.advanced(by: 1 + nonceLength + paddedCount).copyMemory(from: $0.baseAddress!, byteCount: macLength) }
        } catch {
            throw .crypto(error)
        }
        return Base64.encode(UnsafeRawBufferPointer(payload))
    }

    // MARK: Decryption

    /// Decrypts a payload to UTF-8 text.
    public static func decrypt(_ payload: String, conversationKey: ConversationKey) throws(NIP44Error) -> String {
        var bytes = try decryptBytes(payload, conversationKey: conversationKey)
        defer { bytes.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    /// Decrypts a payload to raw bytes (no UTF-8 check).
    public static func decryptBytes(_ payload: String, conversationKey: ConversationKey) throws(NIP44Error) -> [UInt8] {
        try withContiguousBytes(payload.utf8) { text throws(NIP44Error) in
            try decrypt(payload: text.bindMemory(to: UInt8.self), conversationKey: conversationKey)
        }
    }

    static func decrypt(payload text: UnsafeBufferPointer<UInt8>, conversationKey: ConversationKey) throws(NIP44Error) -> [UInt8] {
        guard let first = text.first else { throw .invalidPayloadSize(0) }
        guard first != UInt8(ascii: "#") else { throw .unsupportedVersion(nil) }
        guard (minimumPayloadCharacters...maximumPayloadCharacters).contains(text.count) else {
            throw .invalidPayloadSize(text.count)
        }
        guard let data = Base64.decode(text) else { throw .invalidBase64 }
        guard (minimumDecodedLength...maximumDecodedLength).contains(data.count) else { throw .invalidDataSize(data.count) }
        guard data[0] == version else { throw .unsupportedVersion(data[0]) }

        return try withContiguousBytes(data) { data throws(NIP44Error) in
            let nonce = UnsafeRawBufferPointer(rebasing: data[1..<(1 + nonceLength)])
            let ciphertext = UnsafeRawBufferPointer(rebasing: data[(1 + nonceLength)..<(data.count - macLength)])
            let receivedMAC = UnsafeRawBufferPointer(rebasing: data[(data.count - macLength)...])
            let keys = try MessageKeys(conversationKey: conversationKey, nonce: nonce)
            defer { keys.wipe() }

            let padded = UnsafeMutableRawBufferPointer.allocate(byteCount: ciphertext.count, alignment: 8)
            defer {
                ConstantTime.wipe(padded)
                padded.deallocate()
            }
            let computedMAC: Bytes32
            do throws(CryptoError) {
                computedMAC = try HMACSHA256.authenticate(key: keys.hmacKey, messages: [nonce, ciphertext])
            } catch {
                throw .crypto(error)
            }
            // The MAC is checked (constant time) before anything is decrypted.
            guard computedMAC.withUnsafeBytes({ ConstantTime.equals($0, receivedMAC) }) else { throw .invalidMAC }
            padded.copyMemory(from: ciphertext)
            do throws(CryptoError) {
                try ChaCha20.apply(key: keys.chachaKey, nonce: keys.chachaNonce, to: padded)
            } catch {
                throw .crypto(error)
            }
            let length = Int(padded[0]) << 8 | Int(padded[1])
            guard length >= minimumPlaintextLength, 2 + length <= padded.count, padded.count == 2 + paddedLength(for: length) else {
                throw .invalidPadding
            }
            return Array(padded[2..<(2 + length)])
        }
    }
}
