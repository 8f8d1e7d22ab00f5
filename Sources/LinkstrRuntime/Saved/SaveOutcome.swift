/// What `save` did: the link as stored now, and whether it was saved already (then with which tags).
public struct SaveOutcome: Sendable, Equatable {
    public var link: SavedLink
    public var alreadySaved: Bool
    /// The tags it had before this save (empty for a new link).
    public var previousTags: [String]
}
