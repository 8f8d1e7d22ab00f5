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

    /// A page title with terminal escapes is shown with its controls visible, never interpreted;
    /// `--json` keeps it exact.
    @Test func aPageTitleCannotDriveTheTerminal() throws {
        defer { scratch.remove() }
        let human = try ProcessRunner.linkstr(["media", "metadata", server.url("/escapes.html"), "--home", scratch.path], timeout: 60)
        #expect(human.status == 0, "\(human.stderr)")
        #expect(!human.stdout.contains("\u{1B}") && !human.stdout.contains("\u{7}"), "\(human.stdout)")
        #expect(human.stdout.contains("title:     Red ␛[31mALERT␛[0m␛]0;owned␇\n"), "\(human.stdout)")
        let json = try ProcessRunner.linkstr(["media", "metadata", server.url("/escapes.html"), "--json", "--home", scratch.path], timeout: 60)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Red \u{1B}[31mALERT\u{1B}[0m\u{1B}]0;owned\u{7}")
    }

    /// A `ytdlp` setting that names no program says so, naming the setting where it is read.
    @Test func aWrongYtdlpSettingIsNamed() throws {
        defer { scratch.remove() }
        scratch.write("config.toml", "ytdlp = \"/nonexistent/yt-dlp\"\n[plugins.\"org.linkstr.media.generic\"]\nallow_private_addresses = \"loopback\"\n")
        let fetched = try ProcessRunner.linkstr(["media", "fetch", server.url("/media/clip.mp4"), "--home", scratch.path], timeout: 60)
        #expect(fetched.status == 1)
        #expect(fetched.stderr.contains("ytdlp = \"/nonexistent/yt-dlp\" in config.toml is not an executable file"), "\(fetched.stderr)")
    }

    /// `media classify` takes a link exactly as `post` does: a bare host gets https://.
    @Test func classifyTakesABareHostAsPostDoes() throws {
        defer { scratch.remove() }
        let classified = try ProcessRunner.linkstr(["media", "classify", "youtube.com/watch?v=dQw4w9WgXcQ", "--json", "--home", scratch.path])
        #expect(classified.status == 0, "\(classified.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(classified.stdout.utf8)) as? [String: Any])
        #expect(object["provider"] as? String == "youtube")
        let canonical = try #require(object["canonical_url"] as? String)
        #expect(canonical.hasPrefix("https://") && canonical.contains("dQw4w9WgXcQ"), "\(canonical)")
        let refused = try ProcessRunner.linkstr(["media", "classify", "not a link", "--home", scratch.path])
        #expect(refused.status == 2 && refused.stderr.contains("is not a link"), "\(refused.stderr)")
    }
}
