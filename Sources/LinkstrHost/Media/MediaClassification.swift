/// What a media provider says about a URL (`linkstr media classify`).
public struct MediaClassification: Equatable, Sendable {
    public var provider: String
    public var mode: MediaMode
    public var canonicalURL: String
    public var embedURL: String?
    /// The plugin that answered.
    public var pluginID: String
}
