/// The iPhone app's "media-looking" test for a candidate video URL: the lowercased URL contains
/// one of the tokens of a stream, a video file or a known video CDN path.
///
/// Thread rule: pure.
enum MediaLikeURL {
    static let tokens = [
        ".m3u8", ".mp4", "mime_type=video_mp4", "/aweme/v1/play/", "/video/tos/", "playaddr", "play_addr", "video.xx.fbcdn.net",
        "fbcdn.net/v/t42.1790-2", "fbcdn.net/v/t39.25447-2", "cdninstagram.com/v/t50.2886-16", "cdninstagram.com/v/t66.30100-16",
        "video.twimg.com", "/ext_tw_video/", "/amplify_video/", "/tweet_video/",
    ]

    static func matches(_ url: String) -> Bool {
        let lower = url.lowercased()
        return tokens.contains { lower.contains($0) }
    }
}
