import LinkstrHost
import LinkstrRuntime
import Testing

/// The relay list in a real SQLite store: a base (config.toml's relays, else the
/// defaults) read at every use, with the user's changes stored on top.
@Suite struct RelaySettingsTests {
    @Test(arguments: [
        (" WSS://Relay.Example.COM/ ", "wss://relay.example.com"),
        ("ws://127.0.0.1:7777", "ws://127.0.0.1:7777"),
        ("wss://relay.example.com/path#frag", "wss://relay.example.com/path"),
    ])
    func addressesAreStoredNormalized(_ input: String, _ expected: String) throws {
        #expect(RelayURL.normalize(input) == expected)
    }

    @Test(arguments: ["https://relay.example.com", "relay.example.com", "wss://", ""])
    func onlyWebSocketAddressesAreRelays(_ input: String) {
        #expect(RelayURL.normalize(input) == nil)
    }

    @Test func theUsersChangesStayOnTopOfTheBase() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let settings = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1"])
        #expect(try settings.list() == [RelayEntry(url: "ws://127.0.0.1:1", source: .config)])
        try settings.add("wss://relay.example.com/")
        let duplicate = #expect(throws: LinkstrError.self) { try settings.add("WSS://relay.example.com") }
        #expect(duplicate?.description == "wss://relay.example.com is already in your relay list; see `linkstr relay list`.")
        #expect(duplicate?.code == .badInput)
        try settings.setEnabled("ws://127.0.0.1:1", false)
        #expect(try settings.enabled().map(\.url) == ["wss://relay.example.com"])
        try settings.remove("ws://127.0.0.1:1")
        try settings.remove("wss://relay.example.com")
        #expect(try settings.list().isEmpty, "an emptied list stays empty")
        #expect(try settings.removedBaseRelays() == ["ws://127.0.0.1:1"])
        try settings.reset()
        #expect(try settings.list() == [RelayEntry(url: "ws://127.0.0.1:1", source: .config)])
        let unknown = #expect(throws: LinkstrError.self) { try settings.remove("wss://nowhere.example") }
        #expect(unknown?.code == .badInput)
        #expect(unknown?.description == "wss://nowhere.example is not in your relay list; see `linkstr relay list`.")
    }

    @Test func withoutConfiguredRelaysTheAppDefaultsAreUsed() throws {
        let test = try TestStore.open(.memory)
        defer { test.close() }
        let settings = RelaySettings(backend: test.backend, configured: [])
        #expect(settings.baseSource == .default)
        #expect(try settings.list().map(\.url) == RelaySettings.defaults.sorted())
        #expect(try settings.list().allSatisfy { $0.source == .default && $0.enabled })
    }

    @Test func relaysSetInTheConfigurationLaterReplaceTheDefaultsWithoutAReset() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let before = RelaySettings(backend: test.backend, configured: [])
        try before.add("ws://127.0.0.1:7777")
        try before.remove("wss://nos.lol")
        try before.setEnabled("wss://relay.damus.io", false)

        let after = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1", "wss://relay.damus.io"])
        #expect(after.baseSource == .config)
        #expect(try after.list() == [
            RelayEntry(url: "ws://127.0.0.1:1", source: .config),
            RelayEntry(url: "ws://127.0.0.1:7777", source: .added),
            RelayEntry(url: "wss://relay.damus.io", enabled: false, source: .config),
        ])
        // A base relay the user disabled and enabled again leaves no change behind.
        try after.setEnabled("wss://relay.damus.io", true)
        let defaults = RelaySettings(backend: test.backend, configured: [])
        #expect(try defaults.list().map(\.url) == ["ws://127.0.0.1:7777"] + RelaySettings.defaults.filter { $0 != "wss://nos.lol" }.sorted())
        #expect(try defaults.removedBaseRelays() == ["wss://nos.lol"])
        // Adding a removed base relay brings it back as a base relay.
        #expect(try defaults.add("wss://nos.lol") == RelayEntry(url: "wss://nos.lol", source: .default))
        #expect(try defaults.removedBaseRelays().isEmpty)
    }

    @Test func outcomesAreKeptPerAddressWithTheirTime() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let settings = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1"])
        try settings.add("ws://127.0.0.1:2")
        try settings.record([
            RelayOutcome(url: "ws://127.0.0.1:1", status: "failed", error: "cannot connect: connection refused", checkedAt: 1_767_225_600),
            RelayOutcome(url: "ws://127.0.0.1:2", status: "connected", checkedAt: 1_767_225_601),
        ])
        try settings.reset()
        try settings.add("ws://127.0.0.1:2")
        #expect(try settings.list() == [
            RelayEntry(url: "ws://127.0.0.1:1", source: .config, status: "failed", error: "cannot connect: connection refused", checkedAt: 1_767_225_600),
            RelayEntry(url: "ws://127.0.0.1:2", source: .added, status: "connected", checkedAt: 1_767_225_601),
        ])
    }

    @Test func aRelaysLastOKOutlivesLaterOutcomesAndALateAnswerUpdatesOnlyItsRelay() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let settings = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1", "ws://127.0.0.1:2"])
        try settings.record([
            RelayOutcome(url: "ws://127.0.0.1:1", status: "connected", checkedAt: 100, lastOKAt: 100),
            RelayOutcome(url: "ws://127.0.0.1:2", status: "connected", checkedAt: 100),
        ])
        // A later operation that saw no OK keeps the last one.
        try settings.record([RelayOutcome(url: "ws://127.0.0.1:1", status: "connected", error: "publish failed: blocked: no", checkedAt: 200)])
        // The second relay had not answered when its command ended, then answered in a later one.
        try settings.recordAnswer("ws://127.0.0.1:2", accepted: false, error: "no answer yet", at: 210)
        #expect(try settings.list()[1] == RelayEntry(url: "ws://127.0.0.1:2", source: .config, status: "connected", error: "no answer yet", checkedAt: 210))
        try settings.recordAnswer("ws://127.0.0.1:2", accepted: true, error: nil, at: 220)
        #expect(try settings.list() == [
            RelayEntry(url: "ws://127.0.0.1:1", source: .config, status: "connected", error: "publish failed: blocked: no", checkedAt: 200, lastOKAt: 100),
            RelayEntry(url: "ws://127.0.0.1:2", source: .config, status: "connected", checkedAt: 220, lastOKAt: 220),
        ])
    }

    @Test func aListCopiedByAnEarlierVersionBecomesChangesOnTopOfTheDefaults() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        // Earlier versions copied the defaults on first use; this user then removed nos.lol, disabled
        // damus and added a relay of their own, and a sync recorded a status.
        let kept = RelaySettings.defaults.filter { $0 != "wss://nos.lol" }
        try test.backend.apply(
            [.put(Self.seededMarker)] + kept.map { url -> StorageOperation in
                let primal = url == "wss://relay.primal.net"
                return .put(Self.seededRecord(url, enabled: url != "wss://relay.damus.io", status: primal ? "failed" : nil, error: primal ? "cannot connect" : nil))
            } + [.put(Self.seededRecord("ws://127.0.0.1:7777", enabled: true, status: "connected"))])

        let settings = RelaySettings(backend: test.backend, configured: [])
        let list = try settings.list()
        #expect(list.map(\.url) == (kept + ["ws://127.0.0.1:7777"]).sorted())
        #expect(list.first { $0.url == "ws://127.0.0.1:7777" } == RelayEntry(url: "ws://127.0.0.1:7777", source: .added, status: "connected"))
        #expect(list.first { $0.url == "wss://relay.damus.io" }?.enabled == false)
        #expect(list.first { $0.url == "wss://relay.primal.net" } == RelayEntry(
            url: "wss://relay.primal.net", source: .default, status: "failed", error: "cannot connect"))
        #expect(try settings.removedBaseRelays() == ["wss://nos.lol"])
        #expect(try test.backend.get(owner: [], collection: "relay", key: Array("ws://127.0.0.1:7777".utf8)) == nil, "the copy is gone")

        // The migration ran once: the base now follows the configuration.
        let configured = RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1"])
        #expect(try configured.list().map(\.url) == ["ws://127.0.0.1:1", "ws://127.0.0.1:7777"])
    }

    @Test func aCopiedListDoesNotHideRelaysSetInTheConfigurationAfterTheCopy() throws {
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        try test.backend.apply(
            [.put(Self.seededMarker), .put(Self.seededRecord("ws://127.0.0.1:7777", enabled: false, status: nil))]
                + RelaySettings.defaults.map { StorageOperation.put(Self.seededRecord($0, enabled: true, status: nil)) })
        // The copied defaults go (config.toml replaces them); what the user added stays.
        #expect(try RelaySettings(backend: test.backend, configured: ["ws://127.0.0.1:1"]).list() == [
            RelayEntry(url: "ws://127.0.0.1:1", source: .config), RelayEntry(url: "ws://127.0.0.1:7777", enabled: false, source: .added),
        ])
    }

    // MARK: Records of earlier versions

    static let seededMarker = StoredRecord(owner: [], collection: "host-state", key: Array("relays-seeded".utf8))

    /// A relay as earlier versions stored it: format version 1, enabled, status and error.
    static func seededRecord(_ url: String, enabled: Bool, status: String?, error: String? = nil) -> StoredRecord {
        func optional(_ text: String?) -> [UInt8] {
            guard let text else { return [0] }
            let bytes = Array(text.utf8)
            return [1] + withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes
        }
        let value: [UInt8] = [1, enabled ? 1 : 0] + optional(status) + optional(error)
        return StoredRecord(owner: [], collection: "relay", key: Array(url.utf8), flags: enabled ? 1 : 0, value: value)
    }
}
