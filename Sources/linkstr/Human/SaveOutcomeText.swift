import LinkstrRuntime

/// What `save` (and a `linkstr://save` link) says it did.
enum SaveOutcomeText {
    static func describe(_ outcome: SaveOutcome) -> String {
        let link = outcome.link
        guard outcome.alreadySaved else { return "saved \(link.url)\(link.tags.isEmpty ? "" : " [\(link.tags.joined(separator: ", "))]")\n" }
        let before = outcome.previousTags.isEmpty ? "none" : outcome.previousTags.joined(separator: ", ")
        return "Already saved with tags: \(before)\n" + (link.tags != outcome.previousTags ? "tags now: \(link.tags.joined(separator: ", "))\n" : "")
    }
}
