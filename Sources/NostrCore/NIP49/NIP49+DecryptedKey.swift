extension NIP49 {
    /// The result of opening an ncryptsec.
    public struct DecryptedKey: Sendable {
        public let secretKey: SecretKey
        /// The scrypt cost it was stored with (2^logN iterations).
        public let logN: UInt8
        public let keySecurity: KeySecurity
    }
}
