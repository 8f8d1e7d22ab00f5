/// A tag as suggestions rank it: on how many kept links it is, when it was last added, its frecency.
public struct TagScore: Sendable, Equatable {
    public var name: String
    public var count: Int
    /// When the tag was last added to a link (Unix seconds).
    public var lastUsed: Int64
    public var score: Double

    public init(name: String, count: Int, lastUsed: Int64, score: Double) {
        self.name = name
        self.count = count
        self.lastUsed = lastUsed
        self.score = score
    }
}
