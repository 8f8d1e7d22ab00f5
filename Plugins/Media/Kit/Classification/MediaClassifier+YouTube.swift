extension MediaClassifier {
    /// YouTube: a video (`watch?v=`, `youtu.be/<id>`, `/shorts/`, `/embed/`, `/live/`, `/v/`, `/e/`,
    /// also on `m.`, `music.` and `youtube-nocookie.com`) is embed-only with
    /// `https://www.youtube.com/embed/<id>?playsinline=1&rel=0` (plus `&start=` for a `t` parameter).
    ///
    /// Better than the iPhone app, which embeds every YouTube URL: channel, playlist, search and
    /// home pages have no video id and are links; ids must look like YouTube ids (11 characters of
    /// `[A-Za-z0-9_-]`).
    ///
    /// Canonical: `https://www.youtube.com/watch?v=<id>` (`&t=` kept), `https://www.youtube.com/shorts/<id>`
    /// for shorts; other pages keep their path and only `list` and `search_query`.
    static func youtube(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        let url = link.url
        var videoID: Range<Int>?
        var isShort = false
        if url.hostMatches("youtu.be") {
            if !segments.isEmpty { videoID = segments[0] }
        } else if let first = segments.isEmpty ? nil : segments[0] {
            if let second = segments.next(after: 0),
                bytes.equalsIgnoringCase(first, "shorts") || bytes.equalsIgnoringCase(first, "embed")
                    || bytes.equalsIgnoringCase(first, "live") || bytes.equalsIgnoringCase(first, "v")
                    || bytes.equalsIgnoringCase(first, "e")
            {
                videoID = second
                isShort = bytes.equalsIgnoringCase(first, "shorts")
            } else if segments.count == 1, bytes.equalsIgnoringCase(first, "watch") {
                videoID = url.queryValue("v")
            }
        }
        guard let videoID, bytes.isYouTubeVideoID(videoID) else {
            canonical.append("https://")
            if url.hostMatches("music.youtube.com") { canonical.append("music.youtube.com") } else { canonical.append("www.youtube.com") }
            canonical.append(bytes, url.path)
            link.appendQuery(to: &canonical) { bytes.equals($0, "list") || bytes.equals($0, "search_query") }
            return .link
        }
        let time = url.queryValue("t") ?? url.queryValue("start")
        let seconds = time.flatMap { Self.youtubeSeconds(bytes, $0) }
        if isShort {
            canonical.append("https://www.youtube.com/shorts/")
            canonical.append(bytes, videoID)
        } else {
            canonical.append("https://www.youtube.com/watch?v=")
            canonical.append(bytes, videoID)
            if let seconds, seconds > 0 {
                canonical.append("&t=")
                canonical.append(decimal: seconds)
            }
        }
        embed.append("https://www.youtube.com/embed/")
        embed.append(bytes, videoID)
        embed.append("?playsinline=1&rel=0")
        if let seconds, seconds > 0 {
            embed.append("&start=")
            embed.append(decimal: seconds)
        }
        return .embed
    }

    /// A YouTube time offset in seconds: `90`, `90s`, `1m30s`, `1h2m3s`. Nil for anything else.
    static func youtubeSeconds(_ bytes: URLBytes, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 12 else { return nil }
        var total = 0
        var number = 0
        var hasDigits = false
        for index in range {
            let byte = bytes[index]
            if URLBytes.isDigit(byte) {
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                hasDigits = true
                continue
            }
            guard hasDigits else { return nil }
            switch URLBytes.lower(byte) {
            case UInt8(ascii: "h"): total += number * 3600
            case UInt8(ascii: "m"): total += number * 60
            case UInt8(ascii: "s"): total += number
            default: return nil
            }
            number = 0
            hasDigits = false
        }
        return total + number
    }
}
