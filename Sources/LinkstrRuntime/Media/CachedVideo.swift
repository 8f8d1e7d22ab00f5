/// An extracted video in the video cache (`linkstr media fetch`).
public struct CachedVideo: Equatable, Sendable {
    public var path: String
    public var bytes: Int64
    /// True when it was already cached (nothing was downloaded).
    public var fromCache: Bool
    /// The plugin that extracted it (nil for a cache hit).
    public var pluginID: String?
    /// Entries the insertion evicted.
    public var evicted: [VideoCache.Entry]
}
