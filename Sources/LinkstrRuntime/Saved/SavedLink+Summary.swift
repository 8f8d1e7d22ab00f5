extension SavedLink {
    /// The link's tags as every front end says them after a change: `tags of URL: a, b` (or `none`).
    public var tagsSummary: String {
        "tags of \(url): \(tags.isEmpty ? "none" : tags.joined(separator: ", "))"
    }
}
