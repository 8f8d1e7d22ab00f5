/// The key naming the media cache's files cannot be read, made or deleted: the path and the cause.
public struct MediaCacheKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
