import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting
import Testing

/// Duplicate ids, provider selection and its error messages, plugins registered in-process.
@Suite struct PluginRegistryTests {
    /// A descriptor in this process whose id is not reverse-DNS.
    static let misnamed = PluginDescriptor.make(
        id: "NotReverseDNS", name: "Misnamed", version: "1.0.0", provides: [LKH_CAP_TRANSPORT_V1],
        create: { _, _, _ in LKH_E_INTERNAL }, destroy: { _ in }, getCapability: { _, _ in nil })

    /// A descriptor in this process with the fixture plugin file's id.
    static let fixtureTwin = PluginDescriptor.make(
        id: "org.linkstr.test.fixture", name: "Twin", version: "1.0.0", provides: [LKH_CAP_TRANSPORT_V1],
        create: { _, _, _ in LKH_E_INTERNAL }, destroy: { _ in }, getCapability: { _, _ in nil })

    @Test func registersAnInProcessDescriptorWithoutAFile() throws {
        let registry = PluginRegistry(files: [], inProcess: [FakeRelay.descriptor])
        #expect(registry.refused.isEmpty)
        #expect(registry.plugins.map(\.path) == ["in-process:org.linkstr.transport.fake-relay"])
        #expect(registry.plugins.map(\.provides) == [[LKH_CAP_TRANSPORT_V1]])
        #expect(try registry.selectProvider(of: LKH_CAP_TRANSPORT_V1, configured: nil).id == FakeRelay.pluginID)
    }

    @Test func validatesAnInProcessDescriptorAsItValidatesAFile() {
        let registry = PluginRegistry(files: [], inProcess: [Self.misnamed.pointer])
        #expect(registry.plugins.isEmpty)
        #expect(registry.refused.map(\.description) == [
            "refused plugin 'NotReverseDNS' (in-process:NotReverseDNS) at validate: plugin id 'NotReverseDNS' is not a reverse-DNS name like org.example.thing"
        ])
    }

    @Test func refusesAnInProcessPluginWhoseIDAFileAlreadyProvides() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let file = try FixtureBuilder.plugin(scratch.file("fixture.so"))
        let registry = PluginRegistry(files: [file], inProcess: [Self.fixtureTwin.pointer])
        #expect(registry.plugins.map(\.path) == [file])
        #expect(registry.refused.map(\.description) == [
            "refused plugin 'org.linkstr.test.fixture' (in-process:org.linkstr.test.fixture) at duplicate: plugin id 'org.linkstr.test.fixture' is already provided by \(file); remove one of the two files"
        ])
    }

    @Test func usesTheFirstOfTwoPluginsWithOneIDAndSaysWhichWon() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let first = try FixtureBuilder.plugin(scratch.file("a.so"))
        let second = try FixtureBuilder.plugin(scratch.file("b.so"))
        let registry = PluginRegistry(files: [first, second])
        #expect(registry.plugins.map(\.path) == [first])
        #expect(registry.refused.isEmpty)
        #expect(registry.replaced.map(\.description) == [
            "plugin 'org.linkstr.test.fixture' from \(first) is used; \(second), with the same id later in the search path, is not loaded"
        ])
    }

    /// A plugin in `plugin_paths` with the built-in media provider's id replaces it, as the README
    /// says; the log and `linkstr plugins` say so.
    @Test func aPluginInPluginPathsReplacesTheBuiltInWithItsID() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let mine = try FixtureBuilder.plugin(scratch.file("mine.so"), defines: ["FIXTURE_ID=\"org.linkstr.media.builtin\""])
        _ = scratch.write("config.toml", "plugin_paths = [\"\(mine)\"]\n")
        let result = try ProcessRunner.linkstr(["plugins", "--home", scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        let builtIn = BuildProducts.plugin("media")
        #expect(result.stderr.contains(
            "plugin 'org.linkstr.media.builtin' from \(mine) is used; \(builtIn), with the same id later in the search path, is not loaded"), "\(result.stderr)")
        #expect(result.stdout.contains("  path:     \(mine)\n  replaces: \(builtIn)\n"), "\(result.stdout)")
    }

    @Test func countsTheSameFileReachedTwiceOnce() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("once.so"))
        let registry = PluginRegistry(files: [path, scratch.path + "/./once.so"])
        #expect(registry.plugins.count == 1)
        #expect(registry.refused.isEmpty)
    }

    @Test func requiresAChoiceBetweenTwoProvidersAndNamesThem() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let one = try FixtureBuilder.plugin(scratch.file("one.so"), defines: ["FIXTURE_STORAGE", "FIXTURE_ID=\"com.example.storage.one\""])
        let two = try FixtureBuilder.plugin(scratch.file("two.so"), defines: ["FIXTURE_STORAGE", "FIXTURE_ID=\"com.example.storage.two\""])
        let registry = PluginRegistry(files: [one, two])
        #expect(throws: ProviderSelectionError(
            capabilityID: LKH_CAP_STORAGE_V1,
            reason: "several plugins provide it and the configuration chooses none: com.example.storage.one (\(one)), com.example.storage.two (\(two)); set one in config.toml"
        )) {
            try registry.selectProvider(of: LKH_CAP_STORAGE_V1, configured: nil)
        }
        #expect(try registry.selectProvider(of: LKH_CAP_STORAGE_V1, configured: "com.example.storage.two").path == two)
    }

    @Test func reportsAConfiguredProviderThatIsNotInstalled() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let one = try FixtureBuilder.plugin(scratch.file("one.so"), defines: ["FIXTURE_STORAGE", "FIXTURE_ID=\"com.example.storage.one\""])
        let registry = PluginRegistry(files: [one])
        #expect(throws: ProviderSelectionError(
            capabilityID: LKH_CAP_STORAGE_V1,
            reason: "the configured provider 'org.example.missing' is not installed; installed providers: com.example.storage.one (\(one))"
        )) {
            try registry.selectProvider(of: LKH_CAP_STORAGE_V1, configured: "org.example.missing")
        }
    }

    @Test func prefersTheBuiltInDefaultWhenNothingIsConfigured() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let other = try FixtureBuilder.plugin(scratch.file("other.so"), defines: ["FIXTURE_STORAGE", "FIXTURE_ID=\"com.example.storage.other\""])
        let sqlite = try FixtureBuilder.plugin(scratch.file("sqlite.so"), defines: ["FIXTURE_STORAGE", "FIXTURE_ID=\"org.linkstr.storage.sqlite\""])
        let registry = PluginRegistry(files: [other, sqlite])
        #expect(try registry.selectProvider(of: LKH_CAP_STORAGE_V1, configured: nil).id == "org.linkstr.storage.sqlite")
    }
}
