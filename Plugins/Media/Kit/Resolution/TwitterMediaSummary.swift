import Foundation

/// What a vxtwitter / fxtwitter status API says about a post's media: whether it has a
/// video and which direct video URLs it names.
///
/// Entries come from the first non-empty of `tweet.media.videos`, `.all`, `.media`, `.items`, else
/// `tweet.media.video`; an entry of type `video`, `animated_gif` or `gif` is a video, and its `url`,
/// `formats[].url` and `variants[].url` are candidates when they are https and media-looking.
///
/// Thread rule: a value type.
struct TwitterMediaSummary: Equatable, Sendable {
    var hasVideo: Bool
    var videoURLs: [String]

    static let empty = TwitterMediaSummary(hasVideo: false, videoURLs: [])

    /// True when the summary found anything worth keeping (the app's rule for "not a failure").
    var isUseful: Bool { hasVideo || !videoURLs.isEmpty }

    /// Parses an API answer; nil when it is not a JSON object.
    static func parse(_ body: [UInt8]) -> TwitterMediaSummary? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        let media = (object["tweet"] as? [String: Any])?["media"] as? [String: Any] ?? [:]
        var summary = TwitterMediaSummary.empty
        var seen = Set<String>()
        func collect(_ value: Any?) {
            guard let raw = value as? String else { return }
            let url = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let lower = url.lowercased()
            guard lower.hasPrefix("https://"), MediaLikeURL.matches(lower), URL(string: url) != nil, seen.insert(lower).inserted else { return }
            summary.videoURLs.append(url)
        }
        for entry in entries(media) {
            let type = (entry["type"] as? String)?.lowercased() ?? ""
            guard type == "video" || type == "animated_gif" || type == "gif" else { continue }
            summary.hasVideo = true
            collect(entry["url"])
            for format in entry["formats"] as? [[String: Any]] ?? [] { collect(format["url"]) }
            for variant in entry["variants"] as? [[String: Any]] ?? [] { collect(variant["url"]) }
        }
        return summary
    }

    private static func entries(_ media: [String: Any]) -> [[String: Any]] {
        for key in ["videos", "all", "media", "items"] {
            if let list = media[key] as? [[String: Any]], !list.isEmpty { return list }
        }
        if let video = media["video"] as? [String: Any] { return [video] }
        return []
    }
}
