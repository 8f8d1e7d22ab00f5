import Foundation
import Testing
@testable import NostrCore

@Suite("BIP-340 (libsecp256k1)")
struct BIP340Tests {
    struct Row {
        let index: Int
        let secretKey: String
        let publicKey: String
        let auxRand: String
        let message: String
        let signature: String
        let result: Bool
        let comment: String
    }

    static func rows() throws -> [Row] {
        let text = String(decoding: try VectorFiles.data("bip340-test-vectors.csv"), as: UTF8.self)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first?.hasPrefix("index,secret key,public key,aux_rand,message,signature,verification result") == true)
        lines.removeFirst()
        return try lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).lowercased() }
            guard fields.count >= 7, let index = Int(fields[0]) else {
                throw VectorFiles.MalformedVectorFile(path: "bip340-test-vectors.csv", reason: "bad row \(line)")
            }
            return Row(index: index, secretKey: fields[1], publicKey: fields[2], auxRand: fields[3], message: fields[4],
                       signature: fields[5], result: fields[6] == "true", comment: fields.count > 7 ? fields[7] : "")
        }
    }

    @Test("all 19 rows: pubkey, sign with aux_rand (any message length), verify")
    func officialVectors() throws {
        let rows = try Self.rows()
        #expect(rows.count == 19)
        var signed = 0
        var signedNon32ByteMessages = 0
        var verified = 0
        for row in rows {
            if !row.secretKey.isEmpty {
                let keypair = Keypair(secretKey: try SecretKey(hex: row.secretKey))
                #expect(keypair.publicKey.hex == row.publicKey, "row \(row.index): public key")
                let signature = try keypair.signSchnorr(message: try hex(row.message), auxiliaryRandomness: try hex(row.auxRand))
                #expect(signature.hex == row.signature, "row \(row.index): signature")
                signed += 1
                if try hex(row.message).count != 32 { signedNon32ByteMessages += 1 }
            }
            let outcome: Bool
            if let key = try? PublicKey(hex: row.publicKey), let signature = Signature(bytes: try hex(row.signature)) {
                outcome = key.verify(signature, message: try hex(row.message))
            } else {
                outcome = false  // the key is not a curve point: nothing can verify against it
            }
            #expect(outcome == row.result, "row \(row.index) (\(row.comment)): verification")
            verified += 1
        }
        #expect(signed == 8)  // rows 0–3 and 15–18 have a secret key; 4–14 are verify-only
        #expect(signedNon32ByteMessages == 4)  // rows 15–18: messages of 0, 1, 17 and 100 bytes
        #expect(verified == 19)
    }

    @Test("event-id signing with random aux data verifies and differs each time")
    func randomAuxiliary() throws {
        let keypair = Keypair.generate()
        let id = try EventID(hex: String(repeating: "ab", count: 32))
        let first = keypair.sign(id)
        let second = keypair.sign(id)
        #expect(first != second)
        #expect(keypair.publicKey.verify(first, for: id))
        #expect(keypair.publicKey.verify(second, for: id))
        #expect(!Keypair.generate().publicKey.verify(first, for: id))
    }

    @Test("auxiliary randomness must be 32 bytes")
    func auxiliaryLength() throws {
        #expect(throws: KeyError.invalidAuxiliaryRandomness(count: 31)) {
            try Keypair.generate().signSchnorr(message: [UInt8](repeating: 0, count: 32), auxiliaryRandomness: [UInt8](repeating: 0, count: 31))
        }
    }
}

func hex(_ text: String) throws -> [UInt8] {
    try VectorValue(text, path: "hex").hexBytes()
}
