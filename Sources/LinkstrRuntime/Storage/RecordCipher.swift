import COpenSSL
import LinkstrHost

/// Encryption at rest for record values, applied by the host before a record reaches any storage
/// backend, and the keyed lookup hashes that stand in for sensitive values in indexed fields.
///
/// The caller derives one 32-byte key per owner (account) and keeps it away from the data; from it the
/// cipher derives, with HKDF-SHA256, two independent keys: one for AES-256-GCM, one for HMAC-SHA256.
///
/// Sealed value: `0x01 ‖ nonce (12 random bytes) ‖ ciphertext ‖ tag (16 bytes)`. The additional
/// authenticated data binds the value to its record — `0x01 ‖ len ‖ owner ‖ len ‖ collection ‖ len ‖
/// key` (each length one byte; the fields are at most 255 bytes) — so a sealed value moved to another
/// record, account or collection does not open.
///
/// Thread rule: immutable; every method is thread-safe.
public struct RecordCipher: Sendable {
    static let formatVersion: UInt8 = 1
    static let nonceLength = 12
    static let tagLength = 16

    private let encryptionKey: [UInt8]
    private let primitives: RecordCipherPrimitives

    /// - Parameter ownerKey: the owner's 32-byte data key.
    public init(ownerKey: [UInt8]) throws(RecordCipherError) {
        guard ownerKey.count == 32 else { throw .invalidKeyLength(ownerKey.count) }
        let pseudorandomKey = Self.hmac(key: Array("linkstr record cipher v1".utf8), ownerKey)
        encryptionKey = Self.hmac(key: pseudorandomKey, Array("aes-256-gcm".utf8) + [1])
        primitives = try RecordCipherPrimitives(lookupKey: Self.hmac(key: pseudorandomKey, Array("lookup-hmac-sha256".utf8) + [1]))
    }

    /// HMAC-SHA256 of `data` under the lookup key: equal inputs give equal hashes for this owner only.
    public func lookupHash(_ data: [UInt8]) -> [UInt8] {
        primitives.lookupHash(data)
    }

    public func lookupHash(_ text: String) -> [UInt8] {
        lookupHash(Array(text.utf8))
    }

    /// Encrypts `plaintext` for the record (owner, collection, key).
    public func seal(_ plaintext: [UInt8], owner: [UInt8], collection: String, key: [UInt8]) throws(RecordCipherError) -> [UInt8] {
        let nonce = Array(try primitives.random(Self.nonceLength))
        let aad = Self.associatedData(owner: owner, collection: collection, key: key)
        let (ciphertext, tag) = try Self.gcm(encrypt: true, key: encryptionKey, nonce: nonce, aad: aad, input: plaintext, tag: nil)
        return [Self.formatVersion] + nonce + ciphertext + tag
    }

    /// Decrypts a value `seal` made for the same record.
    ///
    /// - Throws: `.authenticationFailed` for another key or record or altered bytes, `.malformed` for
    ///   a value that is no sealed value.
    public func open(_ sealed: [UInt8], owner: [UInt8], collection: String, key: [UInt8]) throws(RecordCipherError) -> [UInt8] {
        guard sealed.count >= 1 + Self.nonceLength + Self.tagLength, sealed[0] == Self.formatVersion else { throw .malformed }
        let nonce = Array(sealed[1..<(1 + Self.nonceLength)])
        let ciphertext = Array(sealed[(1 + Self.nonceLength)..<(sealed.count - Self.tagLength)])
        let tag = Array(sealed[(sealed.count - Self.tagLength)...])
        let aad = Self.associatedData(owner: owner, collection: collection, key: key)
        return try Self.gcm(encrypt: false, key: encryptionKey, nonce: nonce, aad: aad, input: ciphertext, tag: tag).output
    }

    /// The record with its value sealed.
    public func seal(_ record: StoredRecord) throws(RecordCipherError) -> StoredRecord {
        var sealed = record
        sealed.value = try seal(record.value, owner: record.owner, collection: record.collection, key: record.key)
        return sealed
    }

    /// The record with its value opened.
    public func open(_ record: StoredRecord) throws(RecordCipherError) -> StoredRecord {
        var opened = record
        opened.value = try open(record.value, owner: record.owner, collection: record.collection, key: record.key)
        return opened
    }

    // MARK: - libcrypto

    static func associatedData(owner: [UInt8], collection: String, key: [UInt8]) -> [UInt8] {
        var data: [UInt8] = [formatVersion]
        for field in [owner, Array(collection.utf8), key] {
            data.append(UInt8(truncatingIfNeeded: field.count))
            data += field
        }
        return data
    }

    static func hmac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &digest, &length)
        return digest
    }

    /// AES-256-GCM in one call: encrypts and returns the tag, or decrypts and verifies `tag`.
    private static func gcm(
        encrypt: Bool, key: [UInt8], nonce: [UInt8], aad: [UInt8], input: [UInt8], tag: [UInt8]?
    ) throws(RecordCipherError) -> (output: [UInt8], tag: [UInt8]) {
        guard let context = EVP_CIPHER_CTX_new() else { throw .cryptoFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        let initialize = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
        let update = encrypt ? EVP_EncryptUpdate : EVP_DecryptUpdate
        guard initialize(context, RecordCipherPrimitives.aes256GCM, nil, key, nonce) == 1 else { throw .cryptoFailure("cipher init") }
        var written: Int32 = 0
        guard update(context, nil, &written, aad, Int32(aad.count)) == 1 else { throw .cryptoFailure("AAD") }
        var tagBytes = tag ?? [UInt8](repeating: 0, count: tagLength)
        if !encrypt {
            guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), &tagBytes) == 1 else {
                throw .cryptoFailure("set tag")
            }
        }
        // One spare byte keeps the buffer's address valid when the input is empty; GCM's final step
        // writes no bytes.
        var output = [UInt8](repeating: 0, count: input.count + 1)
        let (updated, finished) = output.withUnsafeMutableBufferPointer { buffer -> (Bool, Bool) in
            var length: Int32 = 0
            let updated = input.isEmpty || update(context, buffer.baseAddress, &length, input, Int32(input.count)) == 1
            let final = encrypt ? EVP_EncryptFinal_ex : EVP_DecryptFinal_ex
            let finished = updated && final(context, buffer.baseAddress! + input.count, &length) == 1
            return (updated, finished)
        }
        guard updated else { throw .cryptoFailure("cipher update") }
        guard finished else { throw encrypt ? .cryptoFailure("cipher final") : .authenticationFailed }
        if encrypt {
            guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, Int32(tagLength), &tagBytes) == 1 else {
                throw .cryptoFailure("get tag")
            }
        }
        output.removeLast()
        return (output, tagBytes)
    }
}
