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
