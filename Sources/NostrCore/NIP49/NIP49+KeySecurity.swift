extension NIP49 {
    /// NIP-49's key-security byte, stored in the clear and authenticated as associated data.
    public enum KeySecurity: UInt8, Sendable, CaseIterable {
        /// 0x00: the key is known to have been handled insecurely.
        case knownInsecure = 0
        /// 0x01: the key is not known to have been handled insecurely.
        case notKnownInsecure = 1
        /// 0x02: the client does not track this.
        case untracked = 2
    }
}
