import Foundation
import PluginABI
import Testing

/// Programs reach the media use cases through liblinkstr.so and linkstr.h without an account: the
/// records and the sentences are those of `linkstr media resolve` and `linkstr media metadata`.
@Suite("Embedding the media calls from C", .timeLimit(.minutes(1)))
struct MediaEmbeddingTests {
    @Test func resolveAndMetadataAnswerWhatTheCommandLinePrints() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try HTTPRecorder(in: scratch, page: "<html><head><title>Made for C</title></head><body></body></html>")
        defer { server.stop() }
        let home = scratch.folder("home")
        scratch.write("home/config.toml", "[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n")
        let page = server.url("/page.html")
        let unreachable = "http://127.0.0.1:\(FreePort.next())/gone.html"
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(FixtureBuilder.fixturesDirectory + "/embed_media.c", scratch.file("embed_media"), library: lib)

        let result = try ProcessRunner.run(program, [home, page, unreachable], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)
        let resolution = try log.record([String: String].self, "resolve")
        #expect(resolution == ["provider": "generic", "mode": "link", "resolved_url": page, "via": "static"])
        #expect(try log.record([String: String].self, "metadata") == ["title": "Made for C"])
        #expect(server.requests.contains { $0["method"] as? String == "GET" && $0["path"] as? String == "/page.html" })

        // The same records, byte for byte, and the same sentences as the command line.
        let resolved = try ProcessRunner.linkstr(["media", "resolve", page, "--json", "--home", home])
        #expect(resolved.status == 0 && resolved.stdout == (log["resolve"]?.text ?? "") + "\n", "\(resolved.stderr)")
        let fetched = try ProcessRunner.linkstr(["media", "metadata", page, "--json", "--home", home])
        #expect(fetched.status == 0 && fetched.stdout == (log["metadata"]?.text ?? "") + "\n", "\(fetched.stderr)")
        let failed = try #require(log["metadata-unreachable"])
        #expect(failed.status == LKH_E_UNAVAILABLE && failed.text.hasPrefix("no metadata for \(unreachable): "), "\(failed)")
        let bad = try #require(log["resolve-bad"])
        #expect(bad.status == LKH_E_INVALID)
        let refused = try ProcessRunner.linkstr(["media", "resolve", "javascript:alert(1)", "--home", home])
        #expect(refused.status == 2 && refused.stderr == "linkstr: \(bad.text)\n")
        #expect(log["null-url"] == .init(status: LKH_E_INVALID, text: "url must not be NULL"))
        #expect(log.lines.last == "freed")
    }
}
