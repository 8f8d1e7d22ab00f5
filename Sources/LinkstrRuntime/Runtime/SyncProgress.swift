/// How far a sync got, reported as wraps arrive (for a progress line on a terminal).
public struct SyncProgress: Sendable, Equatable {
    public var received: Int
    public var accepted: Int
    public var pages: Int
}
