extension MediaClassifier {
    /// Instagram: a reel (`reel`/`reels` followed by a shortcode of 5+ characters) is
    /// extraction-preferred, a post or IGTV video (`p`/`tv`) embed-only, anything else (profiles,
    /// stories) a link. Embed: `https://www.instagram.com/<marker>/<shortcode>/embed`.
    ///
    /// Canonical: `https://www.instagram.com/<reel|p|tv>/<shortcode>/` (shortcodes are
    /// case-sensitive and kept as written; `share/` links keep their prefix), every query parameter
    /// (`igsh`, `utm_*`, …) dropped.
    static func instagram(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        var mode = MediaLinkMode.link
        var markerIndex: Int?
        for index in 0..<segments.count {
            let segment = segments[index]
            let isReel = bytes.equalsIgnoringCase(segment, "reel") || bytes.equalsIgnoringCase(segment, "reels")
            let isPost = bytes.equalsIgnoringCase(segment, "p") || bytes.equalsIgnoringCase(segment, "tv")
            guard isReel || isPost, let token = segments.next(after: index) else { continue }
            if markerIndex == nil { markerIndex = index }
            if token.count >= 5 {
                if isReel {
                    mode = .extraction
                } else if mode == .link {
                    mode = .embed
                }
            }
        }
        guard mode != .link, let markerIndex, let shortcode = segments.next(after: markerIndex) else {
            pagePath(link, host: "www.instagram.com", canonical: &canonical)
            return .link
        }
        let marker = segments[markerIndex]
        canonical.append("https://www.instagram.com/")
        if markerIndex > 0, bytes.equalsIgnoringCase(segments[markerIndex - 1], "share") { canonical.append("share/") }
        if bytes.equalsIgnoringCase(marker, "reels") {
            canonical.append("reel")
        } else {
            canonical.appendLowercased(bytes, marker)
        }
        canonical.append(byte: UInt8(ascii: "/"))
        canonical.append(bytes, shortcode)
        canonical.append(byte: UInt8(ascii: "/"))

        embed.append("https://www.instagram.com/")
        embed.appendLowercased(bytes, marker)
        embed.append(byte: UInt8(ascii: "/"))
        embed.append(bytes, shortcode)
        embed.append("/embed")
        return mode
    }
}
