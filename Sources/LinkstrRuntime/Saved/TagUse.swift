/// One tag on one kept link, and when it was added there: what tag frecency is computed from.
public struct TagUse: Sendable, Equatable {
    public var tag: String
    public var url: String
    /// Unix seconds.
    public var addedAt: Int64

    public init(tag: String, url: String, addedAt: Int64) {
        self.tag = tag
        self.url = url
        self.addedAt = addedAt
    }
}
