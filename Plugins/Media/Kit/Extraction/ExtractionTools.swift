import Glibc

/// The programs extraction runs: yt-dlp (from a virtual environment: the plugin setting `ytdlp`, then
/// `<data_dir>/venv/bin/yt-dlp`, then the search path) and ffmpeg/ffprobe (the settings `ffmpeg` and
/// `ffprobe`, then the search path). The search path is the setting `tool_search_path`, by default
/// `PATH`.
///
/// Thread rule: a value type; `locate` only reads the file system.
struct ExtractionTools: Sendable, Equatable {
    var ytDlp: String
    var ffmpeg: String
    var ffprobe: String

    struct Settings: Sendable {
        var ytDlp: String?
        var ffmpeg: String?
        var ffprobe: String?
        var dataDirectory: String
        var searchPath: String
    }

    static func locate(_ settings: Settings) throws(ExtractionError) -> ExtractionTools {
        let venv = settings.dataDirectory + "/venv"
        let ytDlp: String
        if let configured = settings.ytDlp {
            guard isExecutable(configured) else { throw .missingYtDlp(configured: configured, venv: venv) }
            ytDlp = configured
        } else if isExecutable(venv + "/bin/yt-dlp") {
            ytDlp = venv + "/bin/yt-dlp"
        } else if let found = find("yt-dlp", in: settings.searchPath) {
            ytDlp = found
        } else {
            throw .missingYtDlp(configured: nil, venv: venv)
        }
        func tool(_ name: String, _ configured: String?) throws(ExtractionError) -> String {
            if let configured {
                guard isExecutable(configured) else { throw .missingFFmpeg("\(name) (configured as \(configured))") }
                return configured
            }
            guard let found = find(name, in: settings.searchPath) else { throw .missingFFmpeg(name) }
            return found
        }
        return ExtractionTools(ytDlp: ytDlp, ffmpeg: try tool("ffmpeg", settings.ffmpeg), ffprobe: try tool("ffprobe", settings.ffprobe))
    }

    /// The first executable `name` in the colon-separated `searchPath`.
    static func find(_ name: String, in searchPath: String) -> String? {
        searchPath.split(separator: ":").map { $0 + "/" + name }.first(where: isExecutable)
    }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
