import Foundation
import LinkstrHost
import PluginTesting
import Testing

/// Which files are plugin candidates, and what `linkstr plugins` says when there are none.
@Suite struct PluginDiscoveryTests {
    /// The README's embedding set-up names the build folder in `LINKSTR_PLUGIN_PATH`; the embedding
    /// library there is skipped without a word, the plugins load.
    @Test func theBuildFolderInThePluginPathLoadsItsPluginsAndSkipsTheEmbeddingLibrary() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let discovery = PluginDiscovery(files: [BuildProducts.directory])
        #expect(FileManager.default.fileExists(atPath: BuildProducts.directory + "/libLinkstr.so"))
        #expect(!discovery.candidateFiles().contains { $0.hasSuffix("/libLinkstr.so") })

        let result = try ProcessRunner.linkstr(["plugins", "--home", scratch.path], environment: ["LINKSTR_PLUGIN_PATH": BuildProducts.directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("libLinkstr.so"), "\(result.stderr)")
        #expect(result.stdout.contains("org.linkstr.storage.sqlite"))
    }

    /// A `linkstr` whose folders hold no plugin (a copy of the executable in an empty prefix).
    @Test func saysHowToGetPluginsWhenNoneIsFound() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let bin = scratch.folder("prefix/bin")
        try FileManager.default.copyItem(atPath: BuildProducts.linkstrExecutable, toPath: bin + "/linkstr")
        let result = try ProcessRunner.run(bin + "/linkstr", ["plugins", "--home", scratch.folder("home")], environment: ProcessRunner.linkstrEnvironment())
        #expect(result.status != 0)
        #expect(result.stderr.contains("no plugins found; set LINKSTR_PLUGIN_PATH or install them"), "\(result.stderr)")
    }
}
