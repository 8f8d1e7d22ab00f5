import Foundation
import PluginTesting
import Testing
import TestSupport

/// `linkstr media …` as a user runs it right after the set-up: the built program, a fresh home and
/// no setting about tools.
@Suite(.serialized) struct MediaCommandTests {
    let server: FixtureServer
    let scratch = TestScratch()

    init() throws {
        server = try FixtureServer.start()
        // Only what reaching the local fixture server needs: no ytdlp setting.
        scratch.write("config.toml", "[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n")
    }

    /// The set-up's yt-dlp (this checkout's .venv, next to the build folder the program runs from) is
    /// found without configuration.
    @Test func fetchFindsTheSetUpsYtDlpWithoutASetting() throws {
        try #require(TestPaths.ytDlp != nil, Comment(rawValue: TestPaths.ytDlpMissing))
        defer { scratch.remove() }
        let fetched = try ProcessRunner.linkstr(["media", "fetch", server.url("/media/clip.mp4"), "--json", "--home", scratch.path], timeout: 120)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(fetched.stdout.utf8)) as? [String: Any])
        let path = try #require(object["path"] as? String)
        #expect(path.hasPrefix(scratch.path + "/cache/"))
        #expect(FileManager.default.fileExists(atPath: path))
        #expect((object["bytes"] as? Int ?? 0) > 0)
    }

    /// A `ytdlp` setting that names no program says so, naming the setting where it is read.
    @Test func aWrongYtdlpSettingIsNamed() throws {
        defer { scratch.remove() }
        scratch.write("config.toml", "ytdlp = \"/nonexistent/yt-dlp\"\n[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n")
        let fetched = try ProcessRunner.linkstr(["media", "fetch", server.url("/media/clip.mp4"), "--home", scratch.path], timeout: 60)
        #expect(fetched.status == 1)
        #expect(fetched.stderr.contains("ytdlp = \"/nonexistent/yt-dlp\" in config.toml is not an executable file"), "\(fetched.stderr)")
    }
}
