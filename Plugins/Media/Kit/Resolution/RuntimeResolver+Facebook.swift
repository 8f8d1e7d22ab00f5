import Foundation

extension RuntimeResolver {
    /// In order: (1) the first redirect target of a GET with the mobile Safari User-Agent; (2) else
    /// the page's `og:url` or `rel=canonical` (the page of step 1 when it answered 2xx, else the page
    /// the redirects lead to); (3) else the share link's path. The canonical URL is then classified
    /// like any link (a reel is extraction-preferred, a video embed-only).
    func resolveFacebookShare(_ link: MediaLinkClassification, share: URL, timeout: Duration) async -> MediaResolution {
        var found: (url: String, via: ResolutionSource)?
        if let request = settings.facebookRequestURL(for: share) {
            let html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
            let first = await get(request, timeout: timeout, maxBytes: Self.pageCap, accept: html, followRedirects: false)
            var page = first
            if let target = first?.redirectTarget {
                page = nil
                if let canonical = FacebookShareRules.canonical(from: Self.rebase(target, from: request, to: share)) {
                    found = (canonical, .redirect)
                } else if !Task.isCancelled {
                    page = await get(request, timeout: timeout, maxBytes: Self.pageCap, accept: html)
                }
            }
            if found == nil, let page, !page.body.isEmpty {
                let text = TextDecoding.decode(page.body, contentType: page.contentType).text
                let base = Self.rebase(page.url, from: request, to: share)
                if let raw = CanonicalLinkScanner.find(in: text), let candidate = FacebookShareRules.candidate(raw, base: base),
                    let canonical = FacebookShareRules.canonical(from: Self.rebase(candidate, from: request, to: share))
                {
                    found = (canonical, .page)
                }
            }
        }
        if found == nil, !Task.isCancelled, let fallback = FacebookShareRules.pathFallback(share) {
            found = (fallback, .path)
        }
        guard let found, let resolved = MediaClassifier.classify(found.url, providers: .named) else {
            return MediaResolution(link, via: .none)
        }
        return MediaResolution(resolved, via: found.via)
    }

    /// `url` with the origin of `share` when it is on the origin of `request` (the server that stood
    /// in for Facebook through `facebook_resolve_base`); otherwise `url` itself.
    static func rebase(_ url: URL, from request: URL, to share: URL) -> URL {
        guard url.scheme == request.scheme, url.host == request.host, url.port == request.port, request != share,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url }
        components.scheme = share.scheme
        components.host = share.host
        components.port = share.port
        return components.url ?? url
    }
}
