import LinkstrHost
import PluginABI
import Testing

/// Duplicate ids, provider selection and its error messages.
@Suite struct PluginRegistryTests {
    @Test func refusesASecondPluginWithTheSameIDNamingBothPaths() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let first = try FixtureBuilder.plugin(scratch.file("a.so"))
        let second = try FixtureBuilder.plugin(scratch.file("b.so"))
        let registry = PluginRegistry(files: [first, second])
        #expect(registry.plugins.map(\.path) == [first])
        #expect(registry.refused.map(\.description) == [
            "refused plugin 'org.linkstr.test.fixture' (\(second)) at duplicate: plugin id 'org.linkstr.test.fixture' is already provided by \(first); remove one of the two files"
        ])
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
