import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The logic of `relay add/remove/enable/disable/reset/list`, `config` and `plugins` through the
/// composition root, in process: the relay list of a home without an account, config.toml's relays
/// over the defaults, the effective configuration with its secrets masked, and the checks of a
/// configuration that cannot be used.
@Suite(.timeLimit(.minutes(1))) struct RelayAndConfigUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func configTomlRelaysReplaceTheDefaultsAndSaySoInTheirSource() async throws {
        defer { scratch.remove() }
        let configured = InProcessHome(scratch, relay: relay, relays: ["wss://one.fake.test", "wss://two.fake.test/"])
        let app = LinkstrApp(configured.configuration)
        let settings = try app.relaySettings()
        #expect(try settings.list().map(\.url) == ["wss://one.fake.test", "wss://two.fake.test"])
        #expect(try settings.list().map { printed(JSONRecords.RelayRow($0))["source"] as? String } == ["config", "config"])

        let unconfigured = InProcessHome(scratch, relay: relay, relays: [])
        let other = LinkstrApp(unconfigured.configuration)
        let defaults = try other.relaySettings()
        #expect(try defaults.list().map(\.url) == RelaySettings.defaults.sorted())
        #expect(try defaults.list().allSatisfy { $0.source == .default })
        await app.close()
        await other.close()
    }

    @Test func theRelayListIsChangedWithoutAnAccountAndResetDropsTheChanges() async throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let app = LinkstrApp(home.configuration)
        let settings = try app.relaySettings()
        let added = "wss://added.fake.test"

        #expect(try settings.add(added).source == .added)
        try settings.setEnabled(added, false)
        #expect(try settings.list().first { $0.url == added }.map { printed(JSONRecords.RelayRow($0))["status"] as? String } == "disabled")
        #expect(try settings.enabled().map(\.url) == [FakeRelay.defaultURL])
        try settings.setEnabled(added, true)
        try settings.remove(FakeRelay.defaultURL)
        #expect(try settings.enabled().map(\.url) == [added])
        #expect(try settings.removedBaseRelays() == [FakeRelay.defaultURL])

        try settings.reset()
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
        #expect(try settings.removedBaseRelays().isEmpty)
        await app.close()
    }

    @Test(arguments: ["https://relay.fake.test", "not a relay", ""])
    func anAddressThatIsNoRelayIsBadInput(_ text: String) async throws {
        defer { scratch.remove() }
        let app = LinkstrApp(InProcessHome(scratch, relay: relay).configuration)
        let settings = try app.relaySettings()
        let error = #expect(throws: LinkstrError.self) { try settings.add(text) }
        #expect(error?.code == .badInput)
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
        await app.close()
    }

    @Test func aRelayNotInTheListCannotBeRemovedOrDisabled() async throws {
        defer { scratch.remove() }
        let app = LinkstrApp(InProcessHome(scratch, relay: relay).configuration)
        let settings = try app.relaySettings()
        #expect(throws: LinkstrError.self) { try settings.remove("wss://elsewhere.fake.test") }
        #expect(throws: LinkstrError.self) { try settings.setEnabled("wss://elsewhere.fake.test", false) }
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
        await app.close()
    }

    @Test func theEffectiveConfigurationFillsInDefaultsAndMasksSecrets() throws {
        defer { scratch.remove() }
        let settings = """
            log_level = "debug"

            [plugins."org.example.push"]
            password = "hunter2"
            url = "https://push.example.com/my-secret-topic"
            server = "postgresql://me:pw@db.example.com/linkstr"
            colour = "blue"
            """
        let home = InProcessHome(scratch, relay: relay, settings: settings)
        let app = LinkstrApp(home.configuration)
        let (host, runtimeSettings) = (try app.host(), try app.settings())
        let configuration = printed(JSONRecords.EffectiveConfiguration(host, settings: runtimeSettings, showSecrets: false))
        #expect(configuration["config_file_exists"] as? Bool == true)
        #expect(configuration["log_level"] as? String == "debug")
        #expect(configuration["relays"] as? [String] == [FakeRelay.defaultURL])
        #expect(configuration["transport"] as? String == FakeRelay.pluginID)
        #expect(configuration["storage"] as? String == "org.linkstr.storage.memory")
        let push = (configuration["plugins"] as? [String: [String: String]])?["org.example.push"]
        #expect(push?["password"] == SecretMasking.mask)
        #expect(push?["url"] == "https://push.example.com/\(SecretMasking.mask)")
        #expect(push?["server"] == "postgresql://me:\(SecretMasking.mask)@db.example.com/linkstr")
        #expect(push?["colour"] == "blue")
        #expect(!JSONRecords.text(JSONRecords.EffectiveConfiguration(host, settings: runtimeSettings, showSecrets: false)).contains("hunter2"))

        let shown = printed(JSONRecords.EffectiveConfiguration(host, settings: runtimeSettings, showSecrets: true))["plugins"] as? [String: [String: String]]
        #expect(shown?["org.example.push"]?["password"] == "hunter2")
    }

    @Test func withoutAConfigFileTheDefaultsAreInUse() throws {
        defer { scratch.remove() }
        let host = try LinkstrApp(RuntimeConfiguration(home: scratch.folder("empty"), environment: [:])).host()
        let configuration = printed(JSONRecords.EffectiveConfiguration(host, settings: RuntimeSettings(), showSecrets: false))
        #expect(configuration["config_file_exists"] as? Bool == false)
        #expect(configuration["storage"] as? String == JSONRecords.defaultStorage)
        #expect(configuration["relays"] as? [String] == [])
    }

    @Test(arguments: [
        ("colour = \"blue\"", "unknown setting 'colour'"),
        ("relays = [\"https://example.com\"]", "which is not a relay address"),
        ("log_level = \"loud\"", "'log_level' is 'loud'"),
        ("relays = [", "TOML syntax error"),
    ])
    func aConfigurationThatCannotBeUsedIsBadConfigurationWithTheReason(_ line: String, _ reason: String) throws {
        defer { scratch.remove() }
        let home = scratch.folder("bad")
        scratch.write("bad/config.toml", line + "\n")
        let error = #expect(throws: LinkstrError.self) { try LinkstrApp(RuntimeConfiguration(home: home, environment: [:])).host() }
        #expect(error?.code == .badInput)
        #expect(error?.description.contains(reason) == true, "\(error?.description ?? "")")
    }

    @Test func anUnknownStorageBackendIsBadConfigurationNamingTheChoices() throws {
        defer { scratch.remove() }
        var configuration = InProcessHome(scratch, relay: relay).configuration
        configuration.storage = "floppy"
        let error = #expect(throws: LinkstrError.self) { try LinkstrApp(configuration).relaySettings() }
        #expect(error?.code == .badInput)
        #expect(error?.description.hasPrefix("--storage floppy: no such storage backend; use ") == true)
    }

    @Test func aRelayClientOfTheAppConnectsToTheRelaysItIsGivenWithoutAnAccount() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay).app()
        let client = try app.relayClient(relays: [FakeRelay.defaultURL], signer: .nobody)
        #expect(await client.waitForConnection(until: .now + .seconds(5)))
        #expect(client.relayStates().map(\.url) == [FakeRelay.defaultURL])
        #expect(app.openedAccount == nil)
        try client.setRelays([])
        await app.close()
    }

    @Test func thePluginsAreTheBuiltOnesAndThoseCompiledIn() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay).app()
        let registry = try app.plugins()
        let ids = registry.plugins.map(\.id)
        #expect(ids.contains(FakeRelay.pluginID))
        #expect(ids.contains("org.linkstr.storage.memory"))
        let record = try #require(registry.plugins.first { $0.id == FakeRelay.pluginID }.map { printed(JSONRecords.PluginRow($0)) })
        #expect(record["provides"] as? [String] == [CapabilityID.transport])
        #expect(record["version"] as? String == "1.0.0")
        await app.close()
    }
}
