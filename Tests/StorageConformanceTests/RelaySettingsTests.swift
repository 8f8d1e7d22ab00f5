import LinkstrHost
import Testing

/// The relay list (wire spec §9.1) in a real SQLite store.
@Suite struct RelaySettingsTests {
    @Test(arguments: [
        (" WSS://Relay.Example.COM/ ", "wss://relay.example.com"),
        ("ws://127.0.0.1:7777", "ws://127.0.0.1:7777"),
        ("wss://relay.example.com/path#frag", "wss://relay.example.com/path"),
    ])
    func addressesAreStoredNormalized(_ input: String, _ expected: String) throws {
        #expect(try RelayURL.normalize(input) == expected)
    }

    @Test(arguments: ["https://relay.example.com", "relay.example.com", "wss://", ""])
    func onlyWebSocketAddressesAreRelays(_ input: String) {
        #expect(throws: RelaySettingsError.self) { try RelayURL.normalize(input) }
    }

    @Test func theListIsSeededOnceAndKeepsWhatTheUserDid() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let settings = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1"])
        #expect(try settings.list().map(\.url) == ["ws://127.0.0.1:1"])
        _ = try settings.add("wss://relay.example.com/")
        let duplicate = #expect(throws: RelaySettingsError.self) { _ = try settings.add("WSS://relay.example.com") }
        #expect(duplicate?.description == "that relay is already in your list.")
        try settings.setEnabled("ws://127.0.0.1:1", false)
        #expect(try settings.enabled().map(\.url) == ["wss://relay.example.com"])
        try settings.remove("ws://127.0.0.1:1")
        try settings.remove("wss://relay.example.com")
        #expect(try settings.list().isEmpty, "an emptied list is not seeded again")
        try settings.reset()
        #expect(try settings.list().map(\.url) == ["ws://127.0.0.1:1"])
        let unknown = #expect(throws: RelaySettingsError.self) { try settings.remove("wss://nowhere.example") }
        #expect(unknown?.badInput == true)
    }

    @Test func withoutConfiguredRelaysTheAppDefaultsAreUsed() throws {
        let test = try TestStore.open(.memory)
        defer { test.close() }
        #expect(try RelaySettings(backend: test.backend, configured: []).list().map(\.url) == RelaySettings.defaults.sorted())
    }
}
