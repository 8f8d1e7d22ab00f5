import LinkstrPluginKit

/// Why a video could not be extracted; each description says what to do about it.
enum ExtractionError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case refused(String)
    case notAVideo(String)
    /// An X post whose status API names no video.
    case noPlayableVideo(String)
    /// `configured` is the `ytdlp` setting when it names no executable.
    case missingYtDlp(configured: String?, venv: String)
    case missingFFmpeg(String)
    case destination(String)
    case timeout(seconds: Int)
    case cancelled
    case ytDlpFailed(status: String, message: String)
    case tooLarge(maxBytes: Int64)
    /// A download of no announced size (a live or HLS stream) passed the limit and was stopped.
    case sizeLimitReached(maxBytes: Int64)
    case unplayable(String)
    case launch(String)

    /// The yt-dlp release the tests and the install hint use.
    static let pinnedYtDlp = "2026.10.26"

    var description: String {
        switch self {
        case .invalidURL(let url):
            "'\(url)' is not an http or https URL; only web links can be extracted"
        case .refused(let reason):
            reason
        case .notAVideo(let url):
            "\(url) is not a video link (a profile, channel or listing page); open it in a browser instead"
        case .noPlayableVideo(let url):
            "\(url): this post does not include a playable video; open it in a browser or through its embed (linkstr media resolve)"
        case .missingYtDlp(let configured, let venv):
            configured.map { "ytdlp = \"\($0)\" in config.toml is not an executable file; fix the path or remove the setting" }
                ?? "yt-dlp not found; pip install yt-dlp==\(Self.pinnedYtDlp) into \(venv) (python3 -m venv first), run scripts/bootstrap.sh, or set ytdlp = \"/path/to/yt-dlp\" in config.toml"
        case .missingFFmpeg(let tool):
            "\(tool) is not installed; install it with: apt-get install ffmpeg (yt-dlp needs ffmpeg to merge and remux videos, linkstr needs ffprobe to check the result)"
        case .destination(let reason):
            reason
        case .timeout(let seconds):
            "the extraction took longer than \(seconds) s and was stopped (raise extraction_timeout_seconds for long videos)"
        case .cancelled:
            "cancelled"
        case .ytDlpFailed(let status, let message):
            "yt-dlp failed (\(status)): \(message)"
        case .tooLarge(let maxBytes):
            "yt-dlp finished without a file: the video is larger than the \(maxBytes) bytes allowed (max_video_bytes, by default the video cache budget)"
        case .sizeLimitReached(let maxBytes):
            "the download passed the \(maxBytes) bytes allowed and was stopped (a live stream or a video of unannounced size); raise max_video_bytes to allow more"
        case .unplayable(let reason):
            "the downloaded file is not a playable video: \(reason)"
        case .launch(let reason):
            "cannot start yt-dlp: \(reason)"
        }
    }

    var status: LKHStatus {
        switch self {
        case .invalidURL: .invalid
        case .refused: .permission
        case .notAVideo, .noPlayableVideo: .unsupported
        case .missingYtDlp, .missingFFmpeg: .unavailable
        case .destination: .io
        case .timeout: .timeout
        case .cancelled: .cancelled
        case .ytDlpFailed: .notFound
        case .tooLarge, .sizeLimitReached: .unsupported
        case .unplayable: .protocol
        case .launch: .unavailable
        }
    }
}
