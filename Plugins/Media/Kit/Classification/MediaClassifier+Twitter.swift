extension MediaClassifier {
    /// Twitter/X: a status (`status`/`statuses` followed by a numeric id, on x.com,
    /// twitter.com, mobile.twitter.com, fixupx, fxtwitter, vxtwitter) is extraction-preferred;
    /// canonical and embed URL are both `https://x.com/i/status/<id>`. Everything else is a link to
    /// `https://x.com/<path>` without its (tracking) query.
    static func twitter(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        for index in 0..<segments.count {
            let segment = segments[index]
            guard bytes.equalsIgnoringCase(segment, "status") || bytes.equalsIgnoringCase(segment, "statuses"),
                let id = segments.next(after: index), bytes.isAllDigits(id)
            else { continue }
            canonical.append("https://x.com/i/status/")
            canonical.append(bytes, id)
            embed.append(contentsOf: canonical)
            return .extraction
        }
        pagePath(link, host: "x.com", canonical: &canonical)
        return .link
    }
}
