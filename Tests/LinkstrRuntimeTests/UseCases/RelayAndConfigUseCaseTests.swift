import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import Testing

/// The logic of `relay add/remove/enable/disable/reset/list`, `config` and `plugins` through the
/// composition root, in process: the relay list of a home without an account, config.toml's relays
/// over the defaults, the effective configuration with its secrets masked, and the checks of a
/// configuration that cannot be used.
@Suite(.timeLimit(.minutes(1))) struct RelayAndConfigUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func configTomlRelaysReplaceTheDefaultsAndSaySoInTheirSource() throws {
        defer { scratch.remove() }
        let configured = InProcessHome(scratch, relay: relay, relays: ["wss://one.fake.test", "wss://two.fake.test/"])
        let (host, settings) = try Composition.relaySettings(configured.configuration)
        defer { host.stop() }
        #expect(try settings.list().map(\.url) == ["wss://one.fake.test", "wss://two.fake.test"])
        #expect(try settings.list().map { JSONRecords.relay($0)["source"] as? String } == ["config", "config"])

        let unconfigured = InProcessHome(scratch, relay: relay, relays: [])
        let (other, defaults) = try Composition.relaySettings(unconfigured.configuration)
        defer { other.stop() }
        #expect(try defaults.list().map(\.url) == RelaySettings.defaults.sorted())
        #expect(try defaults.list().allSatisfy { $0.source == .default })
    }

    @Test func theRelayListIsChangedWithoutAnAccountAndResetDropsTheChanges() throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let (host, settings) = try Composition.relaySettings(home.configuration)
        defer { host.stop() }
        let added = "wss://added.fake.test"

        #expect(try settings.add(added).source == .added)
        try settings.setEnabled(added, false)
        #expect(try settings.list().first { $0.url == added }.map { JSONRecords.relay($0)["status"] as? String } == "disabled")
        #expect(try settings.enabled().map(\.url) == [FakeRelay.defaultURL])
        try settings.setEnabled(added, true)
        try settings.remove(FakeRelay.defaultURL)
        #expect(try settings.enabled().map(\.url) == [added])
        #expect(try settings.removedBaseRelays() == [FakeRelay.defaultURL])

        try settings.reset()
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
        #expect(try settings.removedBaseRelays().isEmpty)
    }

    @Test(arguments: ["https://relay.fake.test", "not a relay", ""])
    func anAddressThatIsNoRelayIsBadInput(_ text: String) throws {
        defer { scratch.remove() }
        let (host, settings) = try Composition.relaySettings(InProcessHome(scratch, relay: relay).configuration)
        defer { host.stop() }
        let error = #expect(throws: RelaySettingsError.self) { try settings.add(text) }
        #expect(error?.badInput == true)
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
    }

    @Test func aRelayNotInTheListCannotBeRemovedOrDisabled() throws {
        defer { scratch.remove() }
        let (host, settings) = try Composition.relaySettings(InProcessHome(scratch, relay: relay).configuration)
        defer { host.stop() }
        #expect(throws: RelaySettingsError.self) { try settings.remove("wss://elsewhere.fake.test") }
        #expect(throws: RelaySettingsError.self) { try settings.setEnabled("wss://elsewhere.fake.test", false) }
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
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
        let host = try Composition.host(home.configuration)
        let configuration = JSONRecords.configuration(host, showSecrets: false)
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
        #expect(!JSONRecords.text(configuration).contains("hunter2"))

        let shown = JSONRecords.configuration(host, showSecrets: true)["plugins"] as? [String: [String: String]]
        #expect(shown?["org.example.push"]?["password"] == "hunter2")
    }

    @Test func withoutAConfigFileTheDefaultsAreInUse() throws {
        defer { scratch.remove() }
        let host = try Composition.host(RuntimeConfiguration(home: scratch.folder("empty"), environment: [:]))
        let configuration = JSONRecords.configuration(host, showSecrets: false)
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
        let error = #expect(throws: CompositionError.self) { try Composition.host(RuntimeConfiguration(home: home, environment: [:])) }
        #expect(error?.kind == .badConfiguration)
        #expect(error?.description.contains(reason) == true, "\(error?.description ?? "")")
    }

    @Test func anUnknownStorageBackendIsBadConfigurationNamingTheChoices() throws {
        defer { scratch.remove() }
        var configuration = InProcessHome(scratch, relay: relay).configuration
        configuration.storage = "floppy"
        let error = #expect(throws: CompositionError.self) { try Composition.relaySettings(configuration) }
        #expect(error?.kind == .badConfiguration)
        #expect(error?.description.hasPrefix("--storage floppy: no such storage backend; use ") == true)
    }

    @Test func thePluginsAreTheBuiltOnesAndThoseCompiledIn() throws {
        defer { scratch.remove() }
        let (host, registry) = try Composition.plugins(InProcessHome(scratch, relay: relay).configuration)
        defer { host.stop() }
        let ids = registry.plugins.map(\.id)
        #expect(ids.contains(FakeRelay.pluginID))
        #expect(ids.contains("org.linkstr.storage.memory"))
        let record = try #require(registry.plugins.first { $0.id == FakeRelay.pluginID }.map(JSONRecords.plugin))
        #expect(record["provides"] as? [String] == [CapabilityID.transport])
        #expect(record["version"] as? String == "1.0.0")
    }
}
