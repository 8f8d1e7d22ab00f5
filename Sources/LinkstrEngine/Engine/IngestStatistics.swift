/// Counts for `linkstr sync`: `{"received","accepted","staged","rejected"}`.
public struct IngestStatistics: Equatable, Sendable {
    public var received = 0
    public var accepted = 0
    public var staged = 0
    public var rejected = 0
    /// Rejection reasons and how often each occurred.
    public var rejections: [String: Int] = [:]

    public init() {}
}
