/// A link's title and thumbnail as a media provider found them (`linkstr media metadata`).
public struct MediaMetadataResult: Equatable, Sendable {
    public var title: String?
    /// The image URL.
    public var thumbnail: String?
    /// The cached copy of the image, when the provider saved one.
    public var thumbnailPath: String?
    /// The plugin that answered.
    public var pluginID: String
    /// The provider's whole answer (JSON), for fields linkstr does not model.
    public var json: String
}
