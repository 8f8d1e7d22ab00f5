import Foundation
import Testing
@testable import NostrCore

@Suite("NIP-49 ncryptsec")
struct NIP49Tests {
    static func file() throws -> VectorValue { VectorValue(try VectorFiles.json("nip49.vectors.json"), path: "nip49") }

    @Test("password_normalization: NFKC")
    func normalization() throws {
        let cases = try Self.file()["password_normalization"].array()
        #expect(cases.count == 1)
        for item in cases {
            let input = String(decoding: try item["input_utf8_hex"].hexBytes(), as: UTF8.self)
            #expect(NIP49.normalizedPassword(input) == (try item["nfkc_utf8_hex"].hexBytes()))
        }
    }

    @Test("decrypt[]: all 12, including empty passwords and log_n 1…16")
    func decrypt() throws {
        let cases = try Self.file()["decrypt"].array()
        #expect(cases.count == 12)
        for item in cases {
            let ncryptsec = try item["ncryptsec"].string()
            let result = try NIP49.decrypt(ncryptsec, password: try item["password"].string())
            #expect(result.secretKey.exportBytes() == (try item["secret_key_hex"].hexBytes()), "\(item.path)")
            #expect(Int(result.logN) == (try item["log_n"].int()))
            #expect(Int(result.keySecurity.rawValue) == (try item["key_security_byte"].int()))
            let inspected = try NIP49.inspect(ncryptsec)
            #expect(inspected.logN == result.logN && inspected.keySecurity == result.keySecurity)
        }
    }

    @Test("encrypt_deterministic[]: fixed salt and nonce reproduce the string and raw bytes")
    func encryptDeterministic() throws {
        let cases = try Self.file()["encrypt_deterministic"].array()
        #expect(cases.count == 3)
        for item in cases {
            let security = try #require(NIP49.KeySecurity(rawValue: UInt8(try item["key_security_byte"].int())))
            let encrypted = try NIP49.encrypt(try SecretKey(hex: item["secret_key_hex"].string()), password: try item["password"].string(),
                                              logN: UInt8(try item["log_n"].int()), keySecurity: security,
                                              salt: try item["salt_hex"].hexBytes(), nonce: try item["nonce_hex"].hexBytes())
            #expect(encrypted == (try item["ncryptsec"].string()), "\(item.path)")
            #expect(try Bech32.decode(encrypted).data == (try item["raw_91_bytes_hex"].hexBytes()))
        }
    }

    @Test("invalid[]: refused for the stated reason")
    func invalid() throws {
        let cases = try Self.file()["invalid"].array()
        #expect(cases.count == 5)
        for item in cases {
            let name = try item["name"].string()
            let error = try #require(throws: NIP49Error.self, "\(name)") {
                try NIP49.decrypt(item["ncryptsec"].string(), password: item["password"].string())
            }
            switch name {
            case let text where text.hasPrefix("version byte"): #expect(error == .unsupportedVersion(1))
            case let text where text.hasPrefix("truncated"): #expect(error == .invalidLength(90))
            case let text where text.hasPrefix("key security byte"):
                // The vector's byte is 0x00 with bits 0x02 and 0x01 flipped = 0x03, which is not one of
                // NIP-49's three values, so it is refused before scrypt. A flip between two defined values
                // is caught by the AEAD instead (see roundTripAndLimits).
                #expect(error == .unknownKeySecurity(3))
            default: #expect(error == .wrongPasswordOrCorrupted, "\(name)")
            }
        }
    }

    @Test("round trip with random salt/nonce; limits checked before scrypt")
    func roundTripAndLimits() throws {
        let key = SecretKey.generate()
        let encrypted = try NIP49.encrypt(key, password: "correct horse", logN: 4, keySecurity: .notKnownInsecure)
        #expect(encrypted.hasPrefix("ncryptsec1"))
        let opened = try NIP49.decrypt(encrypted, password: "correct horse")
        #expect(opened.secretKey == key)
        #expect(opened.keySecurity == .notKnownInsecure)
        #expect(throws: NIP49Error.wrongPasswordOrCorrupted) { try NIP49.decrypt(encrypted, password: "wrong horse") }
        // A huge log_n is refused immediately instead of allocating memory.
        var raw = try Bech32.decode(encrypted).data
        raw[1] = 40
        #expect(throws: NIP49Error.logNOutOfRange(40, maximum: 22)) {
            try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: raw), password: "correct horse")
        }
        raw[1] = 4
        raw[42] = NIP49.KeySecurity.knownInsecure.rawValue  // authenticated as associated data
        #expect(throws: NIP49Error.wrongPasswordOrCorrupted) {
            try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: raw), password: "correct horse")
        }
        raw[42] = 7
        #expect(throws: NIP49Error.unknownKeySecurity(7)) { try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: raw), password: "x") }
        #expect(throws: NIP49Error.wrongPrefix("nsec")) { try NIP49.decrypt(key.nsec, password: "x") }
        #expect(throws: NIP49Error.invalidSaltOrNonce) {
            try NIP49.encrypt(key, password: "x", logN: 4, keySecurity: .untracked, salt: [1, 2], nonce: [UInt8](repeating: 0, count: 24))
        }
    }

    @Test("HChaCha20 matches draft-irtf-cfrg-xchacha §2.2.1")
    func hchacha20() {
        let key = (0..<32).map { UInt8($0) }
        let nonce: [UInt8] = [0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x4A, 0x00, 0x00, 0x00, 0x00, 0x31, 0x41, 0x59, 0x27]
        let subkey = key.withUnsafeBytes { key in nonce.withUnsafeBytes { HChaCha20.subkey(key: key, nonce16: $0) } }
        #expect(subkey.hex == "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc")
    }
}
