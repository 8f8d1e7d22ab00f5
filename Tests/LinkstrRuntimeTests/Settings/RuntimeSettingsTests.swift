import LinkstrRuntime
import Testing

/// The runtime's tables and the host's settings come from one read of config.toml, checked whole.
@Suite struct RuntimeSettingsTests {
    let scratch = TestScratch()

    @Test func oneReadGivesTheHostsSettingsAndTheRuntimes() throws {
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "relays = [\"wss://relay.example.com\"]\n[app]\nserve = true\n[profiles]\nauto_lock_minutes = 5\n")
        let (configuration, settings) = try RuntimeSettings.load(path: path)
        #expect(configuration.relays == ["wss://relay.example.com"])
        #expect(settings.app.serve && settings.profiles.autoLockMinutes == 5)
        #expect(try RuntimeSettings(configuration) == settings)
    }

    @Test func anUnknownTableOrATableThatIsNoneIsRefused() throws {
        defer { scratch.remove() }
        let unknown = scratch.write("unknown.toml", "[colour]\nname = \"blue\"\n")
        #expect(throws: ConfigurationError(
            path: unknown,
            reason: "unknown setting 'colour'; known settings: storage, transport, media_providers, notifiers, plugin_paths, relays, log_level, "
                + "providers, plugins, media_cache_bytes, ytdlp, notify, signer_plugins, saved, signer, browser, profiles, app"
        )) { try RuntimeSettings.load(path: unknown) }
        let notATable = scratch.write("saved.toml", "saved = \"https://hooks.example.com\"\n")
        #expect(throws: ConfigurationError(path: notATable, reason: "'saved' must be a table: [saved] with webhook = \"https://…\"")) {
            try RuntimeSettings.load(path: notATable)
        }
    }
}
