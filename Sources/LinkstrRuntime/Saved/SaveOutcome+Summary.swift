extension SaveOutcome {
    /// What a save says it did, in every front end: `saved URL [tags]`, or for a link saved before
    /// `Already saved with tags: …` and, on a second line when this save added some, the tags now.
    public var summary: String {
        guard alreadySaved else { return "saved \(link.url)\(link.tags.isEmpty ? "" : " [\(link.tags.joined(separator: ", "))]")" }
        let before = previousTags.isEmpty ? "none" : previousTags.joined(separator: ", ")
        return "Already saved with tags: \(before)" + (link.tags != previousTags ? "\ntags now: \(link.tags.joined(separator: ", "))" : "")
    }
}
