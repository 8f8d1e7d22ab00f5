import LinkstrHost

extension MediaRuntime {
    /// Opens a `linkstr://open` link: hands its URL to `launcher` (the browser, for the desktop's
    /// handler; nil opens nothing), then asks the media providers how it plays.
    ///
    /// - Throws: when the launcher cannot open the URL; nothing is classified then.
    public func open(_ link: DeepLink, launcher: LinkOpener? = nil) throws(LinkOpenError) -> OpenedLink {
        try launcher?.open(link.url)
        return OpenedLink(link: link, classification: try? classify(link.url))
    }
}

/// What opening a `linkstr://open` link comes to: the shared link (its URL normalised as posts are)
/// and how the media providers play that URL (nil when none claims it or they fail).
public struct OpenedLink: Sendable {
    public var link: DeepLink
    public var classification: MediaClassification?
}
