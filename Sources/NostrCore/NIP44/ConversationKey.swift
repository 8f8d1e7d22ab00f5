/// A NIP-44 v2 conversation key: HKDF-Extract(salt "nip44-v2", IKM = unhashed ECDH x).
/// `ConversationKey(secretKey: a, peer: B) == ConversationKey(secretKey: b, peer: A)`.
///
/// Secret material: `description` is redacted. A value type; safe to share between threads.
public struct ConversationKey: Sendable {
    let bytes: Bytes32

    private static let salt: [UInt8] = Array("nip44-v2".utf8)

    /// Derives the key shared by `secretKey` and `peer` (ECDH through libsecp256k1, HKDF
    /// through libcrypto).
    public init(secretKey: SecretKey, peer: PublicKey) throws(CryptoError) {
        var shared = try secretKey.sharedX(with: peer)
        defer { shared = Bytes32() }
        let derived: Result<Bytes32, CryptoError> = Self.salt.withUnsafeBytes { salt in
            shared.withUnsafeBytes { ikm in
                Result { () throws(CryptoError) in try HKDF.extract(salt: salt, inputKeyMaterial: ikm) }
            }
        }
        bytes = try derived.get()
    }

    /// Wraps 32 raw bytes (a stored key, or a test vector), or returns nil.
    public init?(bytes: some Collection<UInt8>) {
        guard let value = Bytes32(bytes) else { return nil }
        self.bytes = value
    }

    /// The 32 key bytes. Only for tests and deliberate export.
    public func exportBytes() -> [UInt8] { bytes.array }
}

extension ConversationKey: Equatable {
    /// Constant-time comparison.
    public static func == (lhs: ConversationKey, rhs: ConversationKey) -> Bool {
        lhs.bytes.withUnsafeBytes { l in rhs.bytes.withUnsafeBytes { r in ConstantTime.equals(l, r) } }
    }
}

extension ConversationKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "ConversationKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
