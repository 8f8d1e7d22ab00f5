import Foundation
import Testing
@testable import NostrCore

@Suite("NIP-01 events")
struct NIP01EventTests {
    static func file() throws -> VectorValue { VectorValue(try VectorFiles.json("nip01.events.json"), path: "nip01") }

    /// Builds an UnsignedEvent from the vector's fields without going through the parser.
    static func unsigned(_ event: VectorValue) throws -> UnsignedEvent {
        let tags = try event["tags"].array().map { try $0.array().map { try $0.string() } }
        return UnsignedEvent(pubkey: try PublicKey(hex: event["pubkey"].string()), createdAt: try event["created_at"].int64(),
                             kind: try event["kind"].int(), tags: tags, content: try event["content"].string())
    }

    @Test("valid[]: serialization, id, signature, deterministic signature, parse and re-emit")
    func validEvents() throws {
        let valid = try Self.file()["valid"].array()
        #expect(valid.count == 27)
        var deterministic = 0
        for entry in valid {
            let event = entry["event"]
            let source = try entry["source"].string()
            let unsigned = try Self.unsigned(event)
            let serialized = try entry["serialized"].string()
            #expect(unsigned.canonicalSerialization() == Array(serialized.utf8), "\(source): serialization")
            #expect(unsigned.id.hex == (try event["id"].string()), "\(source): id")

            // Parse the event as JSON (re-encoded by Foundation, which also escapes '/').
            let parsed = try Event(json: try event.jsonData())
            #expect(parsed.unsigned == unsigned, "\(source): parsed fields")
            #expect(parsed.id.hex == (try event["id"].string()))
            #expect(parsed.sig?.hex == (try event["sig"].string()))
            try parsed.verify()
            // Our own output parses back to the same event and is valid JSON for Foundation.
            #expect(try Event(json: parsed.jsonBytes()) == parsed)
            #expect(try JSONSerialization.jsonObject(with: Data(parsed.jsonBytes())) is [String: Any])

            if entry["secret_key"].exists {
                let keypair = Keypair(secretKey: try SecretKey(hex: entry["secret_key"].string()))
                #expect(keypair.publicKey == unsigned.pubkey)
                let signature = try keypair.signSchnorr(message: parsed.id.rawBytes, auxiliaryRandomness: [UInt8](repeating: 0, count: 32))
                #expect(signature.hex == (try entry["sig_with_aux_rand_zero"].string()), "\(source): deterministic signature")
                deterministic += 1
            }
        }
        #expect(deterministic == 12)
    }

    @Test("negative[]: every case is refused, at the expected step")
    func negativeEvents() throws {
        let negative = try Self.file()["negative"].array()
        #expect(negative.count == 8)
        for entry in negative {
            let description = try entry["description"].string()
            let expectation = try entry["expect"].string()
            let json = try entry["event"].jsonData()
            switch expectation {
            case "reject: id":
                let event = try Event(json: json)
                #expect(throws: EventVerificationError.self, "\(description)") { try event.verify() }
                #expect(event.computedID() != event.id)
            case "reject: sig":
                let event = try Event(json: json)
                #expect(throws: EventVerificationError.invalidSignature, "\(description)") { try event.verify() }
            case "reject: sig (pubkey invalid)":
                let error = try #require(throws: EventParseError.self) { try Event(json: json) }
                #expect(error.field == "pubkey")
                #expect(error.description.contains("not a valid secp256k1"))
            case "reject: encoding":
                let error = try #require(throws: EventParseError.self) { try Event(json: json) }
                #expect(error.field == "id")
                #expect(error.description.contains("field 'id': expected 64 lowercase hex characters"))
            case "reject: schema":
                let error = try #require(throws: EventParseError.self) { try Event(json: json) }
                #expect(error.field == "created_at")
                #expect(error.reason == "expected a non-negative integer, found a string")
            default:
                Issue.record("unknown expectation \(expectation) for \(description)")
            }
        }
    }

    @Test("the worked id example of docs/wire-compatibility.md (kind 44001 reaction rumor)")
    func wireCompatibilityExample() throws {
        let event = UnsignedEvent(
            pubkey: try PublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
            createdAt: 1_739_877_200, kind: 44001,
            tags: [["e", "5c83da77af1dec6d7289834998ad7aafbd9e2191396d75ec3cc27f5a77226f36", "", "root"]],
            content: #"{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"5c83da77af1dec6d7289834998ad7aafbd9e2191396d75ec3cc27f5a77226f36","kind":"reaction","timestamp":1739877200,"emoji":"👍","reaction_active":true}"#)
        #expect(event.id.hex == "1d6753adb191228bd1b1c36de605a5fb393aeae47bc7515577ed04a215bca491")
        let rumor = event.rumor()
        #expect(rumor.sig == nil)
        #expect(!rumor.jsonString().contains("\"sig\""))
        #expect(throws: EventVerificationError.missingSignature) { try rumor.verify() }
    }
}
