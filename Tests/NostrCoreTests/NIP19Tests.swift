import Foundation
import Testing
@testable import NostrCore

@Suite("NIP-19")
struct NIP19Tests {
    static func file() throws -> VectorValue { VectorValue(try VectorFiles.json("nip19.vectors.json"), path: "nip19") }

    @Test("valid[]: decode, interpret, re-encode identically")
    func valid() throws {
        let entries = try Self.file()["valid"].array()
        #expect(entries.count == 26)
        var checked = 0
        for entry in entries {
            let string = try entry["bech32"].string()
            let kind = try entry["kind"].string()
            let entity = try NIP19.decode(string)
            #expect(entity.prefix == kind, "\(string)")
            #expect(entity.bech32 == string, "re-encoding \(kind)")
            switch entity {
            case let .npub(key):
                #expect(key.hex == (try entry["hex"].string()))
                #expect(try PublicKey(npub: string) == key)
            case let .nsec(key):
                #expect(key.exportBytes() == (try entry["hex"].hexBytes()))
                #expect(key.nsec == string)
                #expect(try SecretKey(nsec: string) == key)
            case let .note(id):
                #expect(id.hex == (try entry["hex"].string()))
                #expect(try EventID(note: string) == id)
            case let .nprofile(profile):
                try checkTLVs(profile.tlvs, entry)
                #expect(profile.pubkey.hex == (try entry["pubkey"].string()))
                #expect(profile.relays == (try entry["relays"].array().map { try $0.string() }))
            case let .nevent(event):
                try checkTLVs(event.tlvs, entry)
                #expect(event.id.hex == (try entry["id"].string()))
                #expect(event.relays == (try entry["relays"].array().map { try $0.string() }))
                #expect(event.author?.hex == (entry["author"].exists ? try entry["author"].string() : nil))
                #expect(event.kind.map(Int.init) == (entry["kind_number"].exists ? try entry["kind_number"].int() : nil))
            case let .naddr(address):
                try checkTLVs(address.tlvs, entry)
                #expect(address.identifier == (try entry["identifier"].string()))
                #expect(address.author.hex == (try entry["author"].string()))
                #expect(Int(address.kind) == (try entry["kind_number"].int()))
                #expect(address.relays == (try entry["relays"].array().map { try $0.string() }))
            }
            checked += 1
        }
        #expect(checked == entries.count)
    }

    func checkTLVs(_ tlvs: [NIP19TLV], _ entry: VectorValue) throws {
        let expected = try entry["tlv"].array().map { NIP19TLV(type: UInt8(try $0["type"].int()), value: try $0["value_hex"].hexBytes()) }
        #expect(tlvs == expected)
        let prefix = try entry["kind"].string()
        #expect(Bech32.encode(hrp: prefix, data: NIP19TLV.encodeList(expected)) == (try entry["bech32"].string()))
    }

    @Test("invalid[]: every case is refused with the right reason")
    func invalid() throws {
        let entries = try Self.file()["invalid"].array()
        #expect(entries.count == 11)
        for entry in entries {
            let string = try entry["bech32"].string()
            let description = try entry["description"].string()
            let error = try #require(throws: NIP19Error.self, "\(description)") { try NIP19.decode(string) }
            switch description {
            case let text where text.hasPrefix("checksum error"): #expect(error == .bech32(.invalidChecksum))
            case "mixed case": #expect(error == .bech32(.mixedCase))
            case let text where text.hasPrefix("bech32m"): #expect(error == .bech32(.bech32mChecksum))
            case let text where text.hasPrefix("npub carrying"):
                guard case .invalidLength(prefix: "npub", expected: 32, actual: _) = error else { Issue.record("\(error)"); break }
            case let text where text.hasPrefix("nevent without TLV 0"):
                guard case .missingTLV(prefix: "nevent", type: 0, reason: _) = error else { Issue.record("\(error)"); break }
            case let text where text.hasPrefix("nprofile whose TLV 0"):
                guard case .missingTLV(prefix: "nprofile", type: 0, reason: _) = error else { Issue.record("\(error)"); break }
            case let text where text.hasPrefix("truncated TLV"), let text where text.hasPrefix("TLV length byte"):
                guard case .truncatedTLV = error else { Issue.record("\(error)"); break }
            case let text where text.hasPrefix("over 5000"):
                #expect(error == .bech32(.tooLong(length: string.utf8.count)))
            case "unknown prefix": #expect(error == .unknownPrefix("nfoo"))
            default: Issue.record("unhandled invalid case: \(description) → \(error)")
            }
        }
    }

    @Test("all-uppercase input is accepted (BIP-173); encoders emit lowercase")
    func uppercase() throws {
        let entry = try Self.file()["uppercase"]
        guard case let .npub(key) = try NIP19.decode(try entry["bech32"].string()) else { Issue.record("not an npub"); return }
        #expect(key.hex == (try entry["hex"].string()))
        #expect(key.npub == (try entry["bech32"].string()).lowercased())
    }

    @Test("building entities encodes in the documented TLV order and round-trips")
    func building() throws {
        let key = try PublicKey(hex: "611df01bfcf85c26ae65453b772d8f1dfd25c264621c0277e1fc1518686faef9")
        let id = try EventID(hex: "9dd003c6d3b73b74a85a9ab099469ce251653a7af76f523671ab828acd2a0ef9")
        let event = NEvent(id: id, relays: ["wss://relay.example.com"], author: key, kind: 44001)
        #expect(event.bech32 == "nevent1qqsfm5qrcmfmwwm54pdf4vyeg6wwy5t98fa0wm6jxec6hq52e54qa7gpzamhxue69uhhyetvv9ujuetcv9khqmr99e3k7mgzyps3muqmlnu9cf4wv4znkaed3uwl6fwzv33pcqnhu87p2xrgd7h0jqcyqqq2hcgcceff4")
        guard case let .nevent(decoded) = try NIP19.decode(event.bech32) else { Issue.record("not an nevent"); return }
        #expect(decoded == event)
        let profile = NProfile(pubkey: key, relays: ["wss://a", "wss://b"])
        guard case let .nprofile(decodedProfile) = try NIP19.decode(profile.bech32) else { Issue.record("not an nprofile"); return }
        #expect(decodedProfile == profile)
        let address = NAddr(identifier: "linkstr-🦄", author: key, kind: 30023, relays: ["wss://a.example", "wss://b.example"])
        #expect(address.bech32 == "naddr1qqxxc6twddehgu3d7z06dpqppamhxue69uhkztn90psk6urvv5qs7amnwvaz7tmz9ejhsctdwpkx2q3qvywlqxlulpwzdtn9g5ahwtv0rh7jtsnyvgwqyalpls23s6r04musxpqqqp65wcr56da")
    }

    @Test("wrong prefix for a typed decoder, and nsec never printed")
    func typedDecoders() throws {
        let npub = "npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg"
        #expect(throws: NIP19Error.unknownPrefix("npub")) { try EventID(note: npub) }
        let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
        let entity = try NIP19.decode(nsec)
        #expect(String(describing: entity) == "nsec(redacted)")
        #expect(throws: NIP19Error.invalidKey(prefix: "nsec", .invalidSecretKey)) {
            try NIP19.decode(Bech32.encode(hrp: "nsec", data: [UInt8](repeating: 0, count: 32)))
        }
    }

    @Test("bech32 edge cases")
    func bech32EdgeCases() throws {
        #expect(throws: Bech32Error.malformed("no '1' separator")) { try Bech32.decode("abcdef") }
        #expect(throws: Bech32Error.malformed("checksum too short")) { try Bech32.decode("a1qqqqq") }
        #expect(throws: Bech32Error.invalidCharacter(position: 5)) { try Bech32.decode("npub1bqqqqqqq") }
        #expect(throws: Bech32Error.invalidCharacter(position: 2)) { try Bech32.decode("np\u{e9}b1qqqqqqq") }
        let roundTrip = try Bech32.decode(Bech32.encode(hrp: "test", data: [0, 1, 2, 255]))
        #expect(roundTrip.hrp == "test" && roundTrip.data == [0, 1, 2, 255])
        #expect(throws: NIP19Error.truncatedTLV(offset: 0)) { try NIP19TLV.decodeList([0]) }
    }
}
