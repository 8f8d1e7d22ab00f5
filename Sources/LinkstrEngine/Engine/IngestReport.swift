import NostrCore

/// The result of ingesting one rumor: its outcome, and everything that changed because of it —
/// including staged rumors it released.
public struct IngestReport: Sendable {
    public var outcome: IngestOutcome = .duplicate
    public var changes: [EngineChange] = []
    public var notifications: [EngineNotification] = []
    /// Rumors that were staged earlier and are now accepted or rejected because of this one, and
    /// staged rumors that expired (rejected).
    public var released: [IngestOutcome] = []
    /// The staged rumors pushed out of the staging area by this one (past its sender's quota or the
    /// area's capacity), and why: undecided, and their wraps not marked seen.
    public var dropped: [(wrapID: WrapID, reason: String)] = []

    public init() {}
}
