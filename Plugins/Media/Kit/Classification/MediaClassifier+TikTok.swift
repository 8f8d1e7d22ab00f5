extension MediaClassifier {
    /// TikTok: a video (a `video` segment, a `vm.`/`vt.` short link, or an
    /// `aweme_id`/`video_id`/`item_id` parameter) is extraction-preferred with the embed player
    /// `https://www.tiktok.com/embed/v2/<id>`; profiles, `/t/…` and `/photo/…` are links.
    ///
    /// Canonical: `https://www.tiktok.com/@<user>/video/<id>` (`@_` when the link names no user), the
    /// short link itself, or the page without its (tracking) query. Also recognises the old mobile
    /// `/v/<id>.html` form.
    static func tiktok(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        let isShortLink = link.url.hostMatches("vm.tiktok.com") || link.url.hostMatches("vt.tiktok.com")
        var hasVideoSegment = false
        var videoID: Range<Int>?
        var user: Range<Int>?
        for index in 0..<segments.count {
            let segment = segments[index]
            if user == nil, bytes[segment.lowerBound] == UInt8(ascii: "@"), segment.count > 1 { user = segment }
            guard bytes.equalsIgnoringCase(segment, "video") else { continue }
            hasVideoSegment = true
            if videoID == nil, bytes.equals(segment, "video"), let next = segments.next(after: index) {
                let digits = bytes.leadingDigits(next)
                if digits.count >= 8 { videoID = digits }
            }
        }
        var hasIDParameter = false
        link.url.forEachQueryItem { key, value in
            if bytes.equals(key, "aweme_id") || bytes.equals(key, "video_id") || bytes.equals(key, "item_id") {
                hasIDParameter = true
                if videoID == nil, bytes.isAllDigits(value), value.count >= 8 { videoID = value }
            }
            return true
        }
        if videoID == nil, segments.count == 2, bytes.equalsIgnoringCase(segments[0], "v"),
            bytes.hasSuffixIgnoringCase(segments[1], ".html")
        {
            let digits = bytes.leadingDigits(segments[1])
            if digits.count >= 8, digits.upperBound == segments[1].upperBound - 5 { videoID = digits }
        }

        if let videoID {
            canonical.append("https://www.tiktok.com/")
            if let user { canonical.append(bytes, user) } else { canonical.append("@_") }
            canonical.append("/video/")
            canonical.append(bytes, videoID)
            embed.append("https://www.tiktok.com/embed/v2/")
            embed.append(bytes, videoID)
            return .extraction
        }
        if isShortLink {
            canonical.append("https://")
            canonical.appendLowercased(bytes, link.url.matchHost)
            canonical.append(bytes, link.url.path)
        } else {
            pagePath(link, host: "www.tiktok.com", canonical: &canonical)
        }
        guard isShortLink || hasVideoSegment || hasIDParameter else { return .link }
        embed.append(contentsOf: canonical)
        return .extraction
    }
}
