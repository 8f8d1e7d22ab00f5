import Foundation
import PluginTesting
import Testing

/// Other programs embed the host through liblinkstr.so and linkstr.h: from C (built with cc) and from
/// Python (ctypes).
@Suite struct EmbeddingTests {
    @Test func aCProgramEmbedsTheHost() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let plugins = scratch.folder("plugins")
        _ = try FixtureBuilder.vimeoPlugin(plugins + "/liblinkstr-plugin-vimeo.so")
        let program = try FixtureBuilder.embeddingProgram(FixtureBuilder.fixturesDirectory + "/embed_host.c", scratch.file("embed_host"), library: lib)
        let result = try ProcessRunner.run(
            program, [scratch.folder("home"), "https://vimeo.com/76979871"],
            environment: ["LINKSTR_PLUGIN_PATH": plugins, "HOME": scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "version 0.1.0")
        #expect(lines.contains { $0.hasPrefix("providers [") && $0.contains("\"org.linkstr.example.vimeo\"") })
        #expect(lines.contains(
            #"classify {"canonical_url":"https://vimeo.com/76979871","embed_url":"https://player.vimeo.com/video/76979871","mode":"embed","provider":"vimeo"}"#))
        #expect(lines.contains("started"))
        #expect(lines.last == "freed")
    }

    @Test func misuseFromCIsRefusedNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let plugins = scratch.folder("plugins")
        _ = try FixtureBuilder.plugin(plugins + "/liblinkstr-plugin-slow.so", defines: ["FIXTURE_SLOW_CLASSIFY_MS=1500"])
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_host_misuse.c", scratch.file("misuse"), library: lib)
        let result = try ProcessRunner.run(
            program, [scratch.folder("home"), "https://fixture.example/slow"], environment: ["LINKSTR_PLUGIN_PATH": plugins, "HOME": scratch.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "small 1 linkstr_host_options.struct_size is 4, less than the 24 bytes of API 1.0; set it to sizeof(linkstr_host_options)")
        let busy = "a linkstr_host_classify_url call is still running on this host; call it again once that returns"
        #expect(lines.contains("stop-while-classifying 6 linkstr_host_stop: \(busy)"))
        #expect(lines.contains("start-while-classifying 6 linkstr_host_start: \(busy)"))
        #expect(lines.contains("classify ok"))
        #expect(lines.contains("stop-after 0"))
        #expect(lines.contains("freed twice"))
        #expect(lines.last == "start-after-free 1 host must be a live linkstr_host (not NULL, not freed)")
        #expect(result.stderr.contains("linkstr: linkstr_host_free was given a linkstr_host that is not live (freed already?); ignored"))
    }

    @Test func aPythonProgramEmbedsTheHostThroughCtypes() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let plugins = scratch.folder("plugins")
        _ = try FixtureBuilder.vimeoPlugin(plugins + "/liblinkstr-plugin-vimeo.so")
        let result = try ProcessRunner.run(
            "/usr/bin/python3",
            [FixtureBuilder.fixturesDirectory + "/embed_host.py", lib + "/liblinkstr.so", scratch.folder("home"), "https://player.vimeo.com/video/42"],
            environment: ["LINKSTR_PLUGIN_PATH": plugins, "HOME": scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "0.1.0")
        #expect((object["plugin_ids"] as? [String])?.contains("org.linkstr.example.vimeo") == true)
        #expect(object["classification"] as? [String: String] == [
            "provider": "vimeo", "mode": "embed", "canonical_url": "https://vimeo.com/42", "embed_url": "https://player.vimeo.com/video/42",
        ])
    }
}
