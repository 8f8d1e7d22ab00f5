import LinkstrRuntime
import NostrCore
import Testing

/// What `linkstr signer serve --relay … --allow …` and `linkstr_signer_serve`'s options give the
/// bunker, read by the one rule: relay addresses normalized, the first that is none refused;
/// permissions parsed, the first unknown one refused; each refusal names the option it came from.
@Suite struct BunkerOptionsTests {
    @Test func relayAddressesAreNormalizedAndANonRelayIsRefusedByName() throws {
        #expect(try BunkerOptions.listenRelays([" WSS://Relay.Example.COM/ ", "ws://127.0.0.1:7777"], option: "--relay") == ["wss://relay.example.com", "ws://127.0.0.1:7777"])
        #expect(try BunkerOptions.listenRelays([], option: "--relay").isEmpty)
        let refused = #expect(throws: LinkstrError.self) {
            try BunkerOptions.listenRelays(["wss://fine.example", "https://relay.example"], option: "--relay")
        }
        #expect(refused?.code == .badInput)
        #expect(refused?.description == "--relay https://relay.example is not a relay address; use a ws:// or wss:// URL")
    }

    @Test func permissionsAreParsedAndAnUnknownOneIsRefusedByName() throws {
        let granted = try BunkerOptions.grants("sign_event:1,nip44_encrypt", option: "--allow")
        #expect(granted.map(\.description) == ["sign_event:1", "nip44_encrypt"])
        #expect(try BunkerOptions.grants("", option: "--allow").isEmpty)
        let refused = #expect(throws: LinkstrError.self) {
            try BunkerOptions.grants("nip44_encrypt,sign_everything", option: "linkstr_signer_options.allow:")
        }
        #expect(refused?.code == .badInput)
        #expect(refused?.description.hasPrefix("linkstr_signer_options.allow: sign_everything is not a permission; use method[:kind]") == true)
    }
}

/// The client `linkstr signer forget` and the app's signer page name: its npub, or its hex key in
/// any case; anything else is refused with the way to find the key.
@Suite struct BunkerClientKeyTests {
    @Test func aClientIsNamedByItsNpubOrItsHexKey() throws {
        let client = Keypair.generate().publicKey
        #expect(try BunkerRecords.clientKey(client.npub) == client)
        #expect(try BunkerRecords.clientKey(client.hex) == client)
        #expect(try BunkerRecords.clientKey(client.hex.uppercased()) == client)
        let refused = #expect(throws: LinkstrError.self) { try BunkerRecords.clientKey("alice") }
        #expect(refused?.code == .badInput)
        #expect(refused?.description == "'alice' is not a client key; use the npub or hex key that `linkstr signer clients` shows")
    }
}
