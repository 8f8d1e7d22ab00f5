/// The result of ingesting one rumor: its outcome, and everything that changed because of it —
/// including staged rumors it released.
public struct IngestReport: Sendable {
    public var outcome: IngestOutcome = .duplicate
    public var changes: [EngineChange] = []
    public var notifications: [EngineNotification] = []
    /// Rumors that were staged earlier and are now accepted or rejected because of this one, and
    /// staged rumors evicted for capacity (rejected).
    public var released: [IngestOutcome] = []

    public init() {}
}
