import LinkstrRuntime
import NostrCore
import Testing

struct BunkerLinkTests {
    static let signerHex = "fa984bd7dbb282f07e16e7ae87b26a2a7b9b90b7246a44771f0cf5ae58018f52"

    @Test func readsTheSignerSeveralRelaysAndTheSecret() throws {
        let link = try BunkerLink(parsing: "bunker://\(Self.signerHex)?relay=wss://relay.one&relay=wss://Relay.Two/&secret=0s8j2djs")
        #expect(link.signer == (try PublicKey(hex: Self.signerHex)))
        #expect(link.relays == ["wss://relay.one", "wss://relay.two"])
        #expect(link.secret == "0s8j2djs")
    }

    @Test func decodesAPercentEncodedRelay() throws {
        let link = try BunkerLink(parsing: "bunker://\(Self.signerHex)?relay=wss%3A%2F%2Frelay.nsec.app&relay=ws%3A%2F%2F127.0.0.1%3A7777")
        #expect(link.relays == ["wss://relay.nsec.app", "ws://127.0.0.1:7777"])
        #expect(link.secret == nil)
    }

    @Test func keepsEachRelayOnceAndIgnoresUnknownParameters() throws {
        let link = try BunkerLink(parsing: "  BUNKER://\(Self.signerHex)/?relay=wss://a.example&name=x&relay=wss%3A%2F%2Fa.example&secret=  ")
        #expect(link.relays == ["wss://a.example"])
        #expect(link.secret == nil, "an empty secret is no secret")
    }

    @Test func aLinkWithoutRelayParsesAndTakesOneLater() throws {
        let link = try BunkerLink(parsing: "bunker://\(Self.signerHex)?secret=abc")
        #expect(link.relays.isEmpty)
        let completed = try link.withRelay("wss%3A%2F%2Fasked.example".removingPercentEncoding!)
        #expect(completed.relays == ["wss://asked.example"])
        #expect(completed.secret == "abc")
        #expect(throws: BunkerLinkError.invalidRelay("https://nope.example")) { try link.withRelay("https://nope.example") }
    }

    @Test func theURIRoundTrips() throws {
        let link = try BunkerLink(parsing: "bunker://\(Self.signerHex)?relay=wss%3A%2F%2Frelay.one%2Fpath&secret=a%26b")
        #expect(link.secret == "a&b")
        #expect(link.uri == "bunker://\(Self.signerHex)?relay=wss%3A%2F%2Frelay.one%2Fpath&secret=a%26b")
        #expect(try BunkerLink(parsing: link.uri) == link)
    }

    @Test func refusesWhatIsNotAUsableLink() {
        #expect(throws: BunkerLinkError.empty) { try BunkerLink(parsing: "   ") }
        #expect(throws: BunkerLinkError.notABunkerLink("nostrconnect://x")) { try BunkerLink(parsing: "nostrconnect://x") }
        #expect(throws: BunkerLinkError.missingSignerKey) { try BunkerLink(parsing: "bunker://?relay=wss://a.example") }
        #expect(throws: BunkerLinkError.invalidSignerKey("invalid-pubkey")) {
            try BunkerLink(parsing: "bunker://invalid-pubkey?relay=wss://relay.example.com")
        }
        #expect(throws: BunkerLinkError.invalidRelay("relay.example")) { try BunkerLink(parsing: "bunker://\(Self.signerHex)?relay=relay.example") }
    }

    @Test func errorsSayWhatAValidLinkLooksLike() {
        #expect(BunkerLinkError.invalidSignerKey("zz").description.contains("'zz' in the bunker link is not a valid public key"))
        #expect(BunkerLinkError.empty.description.contains("bunker://<signer pubkey"))
    }
}
