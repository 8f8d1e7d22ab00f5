import LinkstrHost
import PluginABI
import Testing

/// The host wired together: discovery, media provider order, start with a missing provider.
@Suite struct LinkstrHostTests {
    private func host(in scratch: TestScratch, config: String = "") throws -> LinkstrHost {
        _ = scratch.write("config.toml", config)
        return try LinkstrHost.open(home: scratch.path, configFile: nil, environment: ["HOME": scratch.path])
    }

    @Test func discoversPluginsInTheUserFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugins = scratch.folder("data/plugins")
        _ = try FixtureBuilder.vimeoPlugin(plugins + "/liblinkstr-plugin-vimeo.so")
        let host = try host(in: scratch)
        let registry = host.loadPlugins()
        #expect(registry.plugin(id: "org.linkstr.example.vimeo")?.path == plugins + "/liblinkstr-plugin-vimeo.so")
        let result = try #require(try host.classify("https://vimeo.com/76979871"))
        #expect(result == MediaClassification(
            provider: "vimeo", mode: .embed, canonicalURL: "https://vimeo.com/76979871",
            embedURL: "https://player.vimeo.com/video/76979871", pluginID: "org.linkstr.example.vimeo"))
        #expect(try host.classify("https://vimeo.com/channels/staffpicks")?.pluginID != "org.linkstr.example.vimeo")
    }

    @Test func asksMediaProvidersInConfiguredOrder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let folder = scratch.folder("plugins")
        for name in ["first", "second"] {
            _ = try FixtureBuilder.plugin(
                folder + "/\(name).so", defines: ["FIXTURE_ID=\"com.example.\(name)\"", "FIXTURE_HOST_PREFIX=\"https://shared.example/\""])
        }
        let unordered = try host(in: scratch, config: "plugin_paths = [\"\(folder)\"]\n")
        unordered.loadPlugins()
        #expect(try unordered.classify("https://shared.example/v/1")?.pluginID == "com.example.first")

        let ordered = try host(in: scratch, config: "plugin_paths = [\"\(folder)\"]\nmedia_providers = [\"com.example.second\"]\n")
        ordered.loadPlugins()
        #expect(try ordered.classify("https://shared.example/v/1")?.pluginID == "com.example.second")
    }

    @Test func startFailsWhenTheConfiguredStorageIsNotInstalled() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let host = try host(in: scratch, config: "storage = \"org.example.nowhere\"\nplugin_paths = []\n")
        host.loadPlugins(discovery: PluginDiscovery(configuration: host.configuration, paths: host.paths, executableDirectory: nil))
        #expect(throws: HostError.selection(ProviderSelectionError(
            capabilityID: LKH_CAP_STORAGE_V1,
            reason: "the configured provider 'org.example.nowhere' is not installed; no installed plugin provides this capability"))) {
            try host.start()
        }
    }

    @Test func passesPluginSettingsThroughConfigGet() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let folder = scratch.folder("plugins")
        _ = try FixtureBuilder.plugin(folder + "/greeter.so")
        let lines = LogLines()
        _ = scratch.write("config.toml", """
            plugin_paths = ["\(folder)"]
            [plugins."org.linkstr.test.fixture"]
            greeting = "hello from config"
            """)
        let paths = LinkstrPaths.resolve(home: scratch.path, configFile: nil, environment: [:])
        let host = LinkstrHost(
            paths: paths, configuration: try Configuration.load(path: paths.configFile),
            log: HostLog(threshold: .info, sink: { lines.append($0) }))
        let plugin = try #require(host.loadPlugins().plugin(id: "org.linkstr.test.fixture"))
        _ = try host.instance(of: plugin)
        #expect(lines.all.contains("linkstr: info: [org.linkstr.test.fixture] hello from config"))
        host.stop()
    }
}
