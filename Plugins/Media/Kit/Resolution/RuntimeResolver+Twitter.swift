import Foundation

extension RuntimeResolver {
    /// The media summary (vxtwitter, then fxtwitter) and publish.twitter.com's oEmbed, in
    /// parallel. A video makes the post extraction-preferred; otherwise the oEmbed HTML makes it
    /// embed-only; otherwise it is a link (a failure: not cached).
    func resolveTwitter(_ link: MediaLinkClassification, timeout: Duration) async -> MediaResolution {
        let status = link.canonicalURL
        guard let id = status.split(separator: "/").last.map(String.init), !id.isEmpty else { return MediaResolution(link, via: .none) }
        async let summary = twitterSummary(id: id, timeout: timeout)
        async let html = twitterEmbedHTML(statusURL: status, timeout: timeout)
        let (media, embed) = await (summary, html)
        if media.hasVideo {
            return MediaResolution(
                provider: .twitter, mode: .extraction, resolvedURL: status, embedURL: status, embedHTML: embed, videoURLs: media.videoURLs,
                via: .summary)
        }
        if let embed {
            return MediaResolution(provider: .twitter, mode: .embed, resolvedURL: status, embedURL: status, embedHTML: embed, via: .oEmbed)
        }
        return MediaResolution(provider: .twitter, mode: .link, resolvedURL: status, embedURL: nil, via: .none)
    }

    /// The first summary endpoint that reports a video (or a video URL); else the last one that
    /// answered; else `.empty`.
    private func twitterSummary(id: String, timeout: Duration) async -> TwitterMediaSummary {
        var fallback: TwitterMediaSummary?
        for template in settings.twitterSummaries {
            guard !Task.isCancelled else { break }
            guard let endpoint = URL(string: template.replacingOccurrences(of: "{id}", with: id)),
                let answer = await get(endpoint, timeout: timeout, maxBytes: Self.jsonCap, accept: "application/json"),
                let summary = TwitterMediaSummary.parse(answer.body)
            else { continue }
            if summary.isUseful { return summary }
            fallback = summary
        }
        return fallback ?? .empty
    }

    /// publish.twitter.com's `html` for the post, trimmed; nil when absent or empty.
    private func twitterEmbedHTML(statusURL: String, timeout: Duration) async -> String? {
        let query = "url=" + OEmbed.encodeQueryValue(statusURL) + "&omit_script=false&dnt=true&theme=dark&align=center"
        guard let request = Self.appending(query, to: settings.twitterOEmbed),
            let answer = await get(request, timeout: timeout, maxBytes: Self.jsonCap, accept: "application/json"),
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
            let html = (object["html"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !html.isEmpty
        else { return nil }
        return html
    }
}
