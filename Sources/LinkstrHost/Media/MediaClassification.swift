/// What a media provider says about a URL (`linkstr media classify`).
public struct MediaClassification: Equatable, Sendable {
    public var provider: String
    public var mode: MediaMode
    public var canonicalURL: String
    public var embedURL: String?
    /// The plugin that answered.
    public var pluginID: String

    public init(provider: String, mode: MediaMode, canonicalURL: String, embedURL: String?, pluginID: String) {
        self.provider = provider
        self.mode = mode
        self.canonicalURL = canonicalURL
        self.embedURL = embedURL
        self.pluginID = pluginID
    }
}
