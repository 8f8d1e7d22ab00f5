import LinkstrHost
import Testing

@Suite struct ConfigurationTests {
    @Test func aMissingFileGivesTheDefaults() throws {
        let configuration = try Configuration.load(path: "/nonexistent/linkstr/config.toml")
        #expect(!configuration.sourceFileExists)
        #expect(configuration.storage == nil)
        #expect(configuration.mediaProviders.isEmpty)
    }

    @Test func readsSettingsProvidersAndPluginSections() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", """
            storage = "org.linkstr.storage.memory"
            media_providers = ["org.linkstr.example.vimeo"]
            relays = ["ws://127.0.0.1:7777"]

            [providers]
            "com.example.archive/1" = "com.example.archive.s3"

            [plugins."org.linkstr.storage.sqlite"]
            path = "/var/lib/linkstr/db.sqlite"
            busy_timeout_ms = 5000
            tags = ["a", "b"]
            """)
        let configuration = try Configuration.load(path: path)
        #expect(configuration.chosenProvider(for: "org.linkstr.storage/1") == "org.linkstr.storage.memory")
        #expect(configuration.chosenProvider(for: "com.example.archive/1") == "com.example.archive.s3")
        #expect(configuration.mediaProviders == ["org.linkstr.example.vimeo"])
        #expect(configuration.relays == ["ws://127.0.0.1:7777"])
        #expect(configuration.pluginSettings["org.linkstr.storage.sqlite"] == [
            "path": "/var/lib/linkstr/db.sqlite", "busy_timeout_ms": "5000", "tags": #"["a","b"]"#,
        ])
    }

    @Test func reportsASyntaxErrorWithItsLine() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "storage = \"x\"\nmedia_providers = [\"a\",\n")
        #expect(throws: ConfigurationError.self) { try Configuration.load(path: path) }
        do {
            _ = try Configuration.load(path: path)
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("\(path):2:25: TOML syntax error: "))
        }
    }

    @Test func rejectsAnUnknownSettingAndAWrongType() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let typo = scratch.write("typo.toml", "storag = \"x\"\n")
        #expect(throws: ConfigurationError(
            path: typo,
            reason: "unknown setting 'storag'; known settings: storage, transport, media_providers, notifiers, plugin_paths, relays, log_level, providers, plugins, media_cache_bytes, ytdlp"
        )) { try Configuration.load(path: typo) }
        let wrongType = scratch.write("type.toml", "relays = \"ws://127.0.0.1:1\"\n")
        #expect(throws: ConfigurationError(path: wrongType, reason: "'relays' must be an array of strings, not string")) {
            try Configuration.load(path: wrongType)
        }
    }

    @Test func homePutsEverythingUnderOneFolder() {
        let paths = LinkstrPaths.resolve(home: "/srv/alice", configFile: nil, environment: ["LINKSTR_HOME": "/srv/bob", "HOME": "/root"])
        #expect(paths.configFile == "/srv/alice/config.toml")
        #expect(paths.dataDirectory == "/srv/alice/data")
        #expect(paths.cacheDirectory == "/srv/alice/cache")
        #expect(paths.userPluginDirectory == "/srv/alice/data/plugins")
        let fromEnvironment = LinkstrPaths.resolve(home: nil, configFile: nil, environment: ["LINKSTR_HOME": "/srv/bob"])
        #expect(fromEnvironment.stateDirectory == "/srv/bob/state")
    }

    @Test func followsTheXDGBaseDirectories() {
        let paths = LinkstrPaths.resolve(
            home: nil, configFile: nil,
            environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "relative/ignored"])
        #expect(paths.configFile == "/cfg/linkstr/config.toml")
        #expect(paths.dataDirectory == "/home/u/.local/share/linkstr")
        #expect(paths.cacheDirectory == "/home/u/.cache/linkstr")
        #expect(paths.stateDirectory == "/home/u/.local/state/linkstr")
    }
}
