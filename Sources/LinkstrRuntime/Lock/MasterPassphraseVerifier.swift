import Foundation
import NostrCore

/// What `<data>/lock.json` keeps of the home's master passphrase: a memory-hard scrypt hash of it
/// (libcrypto's `EVP_PBE_scrypt`) under a random salt, so a wrong passphrase is told at once and
/// the passphrase itself is stored nowhere. Thread-safe (a value).
public struct MasterPassphraseVerifier: Codable, Equatable, Sendable {
    /// scrypt's cost, N = 2^logN (r = 8, p = 1): about 64 MiB and a quarter second at 16.
    public var logN: UInt8
    public var salt: Data
    public var hash: Data

    /// The cost of new verifiers (the same as a NIP-49 key's).
    public static let defaultLogN: UInt8 = NIP49.defaultLogN
    static let saltLength = 16
    static let hashLength = 32

    enum CodingKeys: String, CodingKey {
        case logN = "scrypt_log_n"
        case salt
        case hash
    }

    /// A verifier of `passphrase` under a new random salt.
    public init(passphrase: String, logN: UInt8 = defaultLogN) throws(LinkstrError) {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<Self.saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        self.logN = logN
        self.salt = salt
        self.hash = try Self.derive(passphrase, salt: salt, logN: logN)
    }

    /// Whether `passphrase` is the one this verifier was made from (compared in constant time).
    public func matches(_ passphrase: String) throws(LinkstrError) -> Bool {
        let candidate = try Self.derive(passphrase, salt: salt, logN: logN)
        return candidate.withUnsafeBytes { left in hash.withUnsafeBytes { right in ConstantTime.equals(left, right) } }
    }

    private static func derive(_ passphrase: String, salt: Data, logN: UInt8) throws(LinkstrError) -> Data {
        guard (1...NIP49.defaultMaximumLogN).contains(logN) else {
            throw LinkstrError(.failed, "the master passphrase's verifier asks for scrypt log_n \(logN); lock.json is damaged")
        }
        let password = NIP49.normalizedPassword(passphrase)
        do {
            let bytes = try password.withUnsafeBytes { password in
                try salt.withUnsafeBytes { salt in
                    try Scrypt.derive(password: password, salt: salt, logN: logN, length: hashLength)
                }
            }
            return Data(bytes)
        } catch {
            throw LinkstrError(.failed, "cannot hash the passphrase: \(error)")
        }
    }
}
