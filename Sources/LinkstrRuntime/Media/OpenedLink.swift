import LinkstrHost

/// What opening a `linkstr://open` link comes to: the shared link (its URL normalised as posts are)
/// and how the media providers play that URL (nil when none claims it or they fail).
public struct OpenedLink: Sendable {
    public var link: DeepLink
    public var classification: MediaClassification?
}
