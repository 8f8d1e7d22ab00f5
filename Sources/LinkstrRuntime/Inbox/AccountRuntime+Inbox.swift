import LinkstrEngine
import NostrCore

/// The receive path's entry points on the account: ``InboxSync`` and ``InboxWatch`` bring the
/// wraps, the ``Inbox`` ingests them, on this actor.
extension AccountRuntime {
    /// Receives each ingest report once its writes are committed: the changes to show, and the
    /// notifications to deliver (live inbound events only; the engine decides).
    public typealias Observer = @Sendable (IngestReport, IngestSource) async -> Void

    /// How long a seen mark outlives the sync watermark (see ``Inbox/seenWrapRetention``).
    public static let seenWrapRetention = Inbox.seenWrapRetention

    /// Connects, backfills every gift wrap addressed to the account, ingests, and returns the counts
    /// (see ``InboxSync/sync(timeout:progress:in:)``).
    ///
    /// - Parameter timeout: the longest to wait for the first relay and for each page.
    public func sync(timeout: Duration = .seconds(15), progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws(LinkstrError) -> SyncReport {
        try await InboxSync.sync(timeout: timeout, progress: progress, in: self)
    }

    /// A sync, then the live subscription until the task is cancelled; `observer` sees every change
    /// (see ``InboxWatch/watch(timeout:pending:caughtUp:observer:in:)``).
    ///
    /// - Parameter pending: wraps received while the account was locked (``LockedInbox``): opened,
    ///   stored and observed first, as live.
    public func watch(
        timeout: Duration = .seconds(15), pending: [VerifiedEvent] = [], caughtUp: (@Sendable () -> Void)? = nil, observer: @escaping Observer
    ) async throws(LinkstrError) {
        try await InboxWatch.watch(timeout: timeout, pending: pending, caughtUp: caughtUp, observer: observer, in: self)
    }

    /// Ingests `wraps` as `sync` ingests a backfill, minus the relays (see
    /// ``InboxSync/ingest(_:received:in:)``). For `linkstr-ingest-bench` (Benchmarks/IngestBench) and tests.
    ///
    /// - Parameter received: called on the actor after each wrap is handed on, with how many were.
    @_spi(Benchmark)
    public func ingestForBenchmark(_ wraps: [Event], received: (@Sendable (Int) -> Void)? = nil) async throws(LinkstrError) -> SyncReport {
        try await InboxSync.ingest(wraps, received: received, in: self)
    }
}
