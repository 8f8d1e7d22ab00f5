import COpenSSL
import CSecp256k1

/// A secp256k1 secret key (32 bytes, 0 < k < n).
///
/// The bytes live in their own allocation that is wiped (`OPENSSL_cleanse`) when the last
/// reference goes away. `description`, `debugDescription` and reflection never show them;
/// use ``exportBytes()`` (or NIP-19 / NIP-49 encoders) when the key really must leave.
///
/// Immutable; safe to share between threads.
public final class SecretKey: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer

    /// Copies and validates 32 bytes. Throws ``KeyError/invalidSecretKey`` if the length is
    /// wrong or the value is 0 or ≥ n.
    public init(bytes: some Collection<UInt8>) throws(KeyError) {
        guard bytes.count == 32 else { throw .invalidSecretKey }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32, alignment: 8)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
        guard secp256k1_ec_seckey_verify(Secp256k1Context.shared.pointer, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 1 else {
            ConstantTime.wipe(buffer)
            buffer.deallocate()
            throw .invalidSecretKey
        }
        storage = buffer
    }

    /// Copies another (already validated) key into a new allocation.
    init(copying other: SecretKey) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32, alignment: 8)
        buffer.copyMemory(from: UnsafeRawBufferPointer(other.storage))
        storage = buffer
    }

    /// Parses 64 lowercase hex characters.
    public convenience init(hex: String) throws(KeyError) {
        var bytes = [UInt8](repeating: 0, count: 32)
        defer { bytes.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        let ok = bytes.withUnsafeMutableBytes { Hex.decodeLowercase(hex, into: $0) }
        guard ok else { throw .invalidHex(what: "secret key", expectedCharacters: 64) }
        try self.init(bytes: bytes)
    }

    /// A new random key from OpenSSL's CSPRNG (`RAND_bytes`, seeded by getrandom).
    public static func generate() -> SecretKey {
        while true {
            var candidate = SecureRandom.bytes(32)
            defer { candidate.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
            // The chance of an out-of-range value is below 2⁻¹²⁷; loop anyway.
            if let key = try? SecretKey(bytes: candidate) { return key }
        }
    }

    deinit {
        ConstantTime.wipe(storage)
        storage.deallocate()
    }

    /// The 32 secret bytes. Only for storing or exporting the key; prefer ``Keypair``.
    public func exportBytes() -> [UInt8] { Array(storage) }

    /// The x-only public key (derives a key pair; cache a ``Keypair`` if you need it often).
    public var publicKey: PublicKey { Keypair(secretKey: self).publicKey }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(storage))
    }
}

extension SecretKey: Equatable {
    /// Constant-time comparison.
    public static func == (lhs: SecretKey, rhs: SecretKey) -> Bool {
        ConstantTime.equals(UnsafeRawBufferPointer(lhs.storage), UnsafeRawBufferPointer(rhs.storage))
    }
}

extension SecretKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SecretKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
