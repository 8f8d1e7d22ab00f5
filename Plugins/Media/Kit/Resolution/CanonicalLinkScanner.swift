/// Finds a page's own URL in its HTML (a Facebook share link that did not redirect): the first
/// `<meta property="og:url">` (attributes in either order, names in any case), else the first
/// `<link rel="canonical">`. Built on `HeadScanner`, so tags inside scripts and comments are not seen
/// and values are entity-decoded.
///
/// Thread rule: pure.
enum CanonicalLinkScanner {
    /// The raw (unresolved) `og:url` or canonical href, or nil.
    static func find(in html: String) -> String? {
        var scanner = HeadScanner(html)
        var canonical: String?
        while let tag = scanner.nextTag() {
            switch tag.name {
            case "meta":
                let key = (tag.attribute("property") ?? tag.attribute("name"))?.lowercased()
                if key == "og:url", let content = tag.attribute("content"), !content.isEmpty { return content }
            case "link":
                let rel = (tag.attribute("rel") ?? "").lowercased().split(separator: " ")
                if canonical == nil, rel.contains("canonical"), let href = tag.attribute("href"), !href.isEmpty { canonical = href }
            default:
                continue
            }
        }
        return canonical
    }
}
