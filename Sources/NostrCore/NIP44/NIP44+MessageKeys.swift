extension NIP44 {
    /// The per-message keys: HKDF-Expand(PRK = conversation key, info = nonce, L = 76) split
    /// into chacha_key (0..<32), chacha_nonce (32..<44) and hmac_key (44..<76). Lives in one
    /// allocation; call ``wipe()`` when done.
    struct MessageKeys {
        private let storage: UnsafeMutableRawBufferPointer

        init(conversationKey: ConversationKey, nonce: UnsafeRawBufferPointer) throws(NIP44Error) {
            guard nonce.count == NIP44.nonceLength else { throw .invalidNonceLength(nonce.count) }
            let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 76, alignment: 8)
            do throws(CryptoError) {
                try conversationKey.bytes.withUnsafeBytes { prk throws(CryptoError) in
                    try HKDF.expand(pseudorandomKey: prk, info: nonce, into: storage)
                }
            } catch {
                storage.deallocate()
                throw .crypto(error)
            }
            self.storage = storage
        }

        var chachaKey: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<32]) }
        var chachaNonce: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[32..<44]) }
        var hmacKey: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[44..<76]) }

        func wipe() {
            ConstantTime.wipe(storage)
            storage.deallocate()
        }
    }
}
