import Foundation

/// Where the package and its test scratch space are. Scratch folders live under
/// `<package>/.build/test-scratch` (mode 0700): the plugin loader refuses plugins and the tests
/// avoid writing into world-writable /tmp.
enum TestPaths {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let scratchRoot: String = {
        let path = packageRoot + "/.build/test-scratch"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o700)
        return path
    }()

    /// A new empty folder for one test.
    static func makeScratch(_ name: String) throws -> String {
        let path = scratchRoot + "/" + name + "-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    /// The yt-dlp the tests run: `LINKSTR_YTDLP`, else `<package>/.venv/bin/yt-dlp` (made by
    /// Tests/Support/setup-venv.sh). Nil when neither exists.
    static var ytDlp: String? {
        let candidate = ProcessInfo.processInfo.environment["LINKSTR_YTDLP"] ?? packageRoot + "/.venv/bin/yt-dlp"
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    static let ytDlpMissing = "yt-dlp for the tests is missing: run Tests/Support/setup-venv.sh (creates .venv with the pinned yt-dlp) or set LINKSTR_YTDLP"

    /// Names of the files in `folder` (hidden ones included).
    static func contents(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
