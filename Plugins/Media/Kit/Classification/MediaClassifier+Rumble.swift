extension MediaClassifier {
    /// Rumble: video pages (`/v<id>-<title>.html`) and `/embed/<id>/` links are embed-only with
    /// `https://rumble.com/embed/<id>/` (at playback, the iframe URL of
    /// Rumble's oEmbed is better).
    ///
    /// Better than the iPhone app, which embeds every Rumble URL (a channel page became
    /// `https://rumble.com/embed/c/`): channel, user and listing pages are links.
    ///
    /// Canonical: `https://rumble.com/<page>` or `https://rumble.com/embed/<id>/`, query dropped.
    static func rumble(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        if segments.count >= 2, bytes.equalsIgnoringCase(segments[0], "embed") {
            canonical.append("https://rumble.com/embed/")
            canonical.append(bytes, segments[1])
            canonical.append(byte: UInt8(ascii: "/"))
            embed.append(contentsOf: canonical)
            return .embed
        }
        if segments.count == 1 {
            let page = segments[0]
            let isVideoPage = page.count > 6 && URLBytes.lower(bytes[page.lowerBound]) == UInt8(ascii: "v")
                && bytes.hasSuffixIgnoringCase(page, ".html")
            if isVideoPage {
                let stem = page.lowerBound..<page.upperBound - 5
                let id = stem.lowerBound..<(bytes.firstIndex(of: UInt8(ascii: "-"), in: stem) ?? stem.upperBound)
                canonical.append("https://rumble.com/")
                canonical.append(bytes, page)
                embed.append("https://rumble.com/embed/")
                embed.append(bytes, id)
                embed.append(byte: UInt8(ascii: "/"))
                return .embed
            }
        }
        pagePath(link, host: "rumble.com", canonical: &canonical)
        return .link
    }
}
