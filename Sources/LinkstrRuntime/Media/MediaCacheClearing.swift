/// What `linkstr media clear-cache` removed.
public struct MediaCacheClearing: Equatable, Sendable {
    public var videos: Int
    public var videoBytes: Int64
    /// Thumbnails and remembered failures.
    public var previewFiles: Int
}
