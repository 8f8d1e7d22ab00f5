import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Receives each ingest report once its writes are committed: the changes to show, and the
    /// notifications to deliver (live inbound events only; the engine decides).
    public typealias Observer = @Sendable (IngestReport, IngestSource) async -> Void

    /// How many ingested wraps share one storage transaction during a backfill.
    static let backfillBatch = 2_000

    /// Connects, backfills every gift wrap addressed to the account, ingests, and returns the counts.
    /// Cancelled during the backfill, it stores what arrived until then, leaves the sync watermark
    /// where it was (the next sync fetches the rest) and returns the counts marked `interrupted`.
    ///
    /// - Parameter timeout: the longest to wait for the first relay and for each page.
    public func sync(timeout: Duration = .seconds(15), progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws(RuntimeError) -> SyncReport {
        startBatch()
        let pool = try connect()
        defer { Outbox.recordRelayStatuses(unfinished: Set(batch.sync.unfinishedRelays), in: self) }
        do throws(RuntimeError) {
            try await backfill(pool, timeout: timeout, deduplicator: EventDeduplicator(capacity: 1_000_000), observer: nil, progress: progress)
        } catch {
            guard Task.isCancelled, batch.failure == nil else { throw error }
            await ingestUnwrapped()
            await commitBatch(observer: nil)
            if let failure = batch.failure { throw failure }
            batch.sync.interrupted = true
            return batch.sync
        }
        await Contacts.refreshFollowList(pool, profiles: true, in: self)
        return batch.sync
    }

    /// The most backfill passes of one sync: a pass runs again only when a rumor was pushed out of
    /// staging while it waited for something the pass then brought (see ``passBackfill``).
    static let backfillPasses = 4

    /// Backfills: the first pass, then — when the staging area had to drop rumors that waited for a
    /// session or member list arriving later in the same history (a first sync of a long session:
    /// relays send newest first, the session's creation last) — the same request again, which
    /// brings only what is not seen yet: the dropped rumors, decided now. The staging area keeps
    /// its bounds (a stranger's flood that nothing releases is not fetched again) and the feed is
    /// whole when `sync` returns. Counts are the sync's: a wrap fetched twice is received once.
    func backfill(
        _ pool: RelayPool, timeout: Duration, deduplicator: EventDeduplicator, observer: Observer?,
        progress: (@Sendable (SyncProgress) -> Void)?
    ) async throws(RuntimeError) {
        let started = clock()
        let lastSync = try beginBackfill(started: started)
        batch.backfilling = true
        defer { batch.backfilling = false }
        let request = GiftWrapBackfill(
            account: me, since: lastSync.map { $0 - RelayPool.giftWrapLookback }, pageTimeout: min(timeout, .seconds(15)),
            connectTimeout: timeout)
        var summary = try await passBackfill(pool, request, deduplicator: deduplicator, refetching: nil, observer: observer, progress: progress)
        var passes = 1
        while passes < Self.backfillPasses, batch.failure == nil, engine.takeRefetchNeeded() {
            let refetching = Set(batch.dropped.keys)
            host.log.log(.info, "\(refetching.count) rumors left the staging area before what they waited for arrived; fetching them again")
            batch.dropped.removeAll()
            summary = try await passBackfill(
                pool, request, deduplicator: EventDeduplicator(capacity: 1_000_000), refetching: refetching, observer: observer,
                progress: progress)
            passes += 1
        }
        batch.sync.relays = summary.relays
        batch.sync.unfinishedRelays = summary.unfinishedRelays.sorted()
        try await finishBackfill(started: started, observer: observer)
    }

    /// One pass over the history `request` asks for: every wrap received and ingested (what is
    /// still unwrapping too). With `refetching`, only those wraps (counted already by the first
    /// pass; what else the relays send was judged by it, and what is new waits for the next sync).
    private func passBackfill(
        _ pool: RelayPool, _ request: GiftWrapBackfill, deduplicator: EventDeduplicator, refetching: Set<WrapID>?,
        observer: Observer?, progress: (@Sendable (SyncProgress) -> Void)?
    ) async throws(RuntimeError) -> BackfillSummary {
        let receivedBefore = batch.sync.received
        let summary: BackfillSummary
        do {
            summary = try await pool.backfill(
                request, deduplicator: deduplicator,
                onPage: { page in await self.notePage(page, progress: progress) }
            ) { received in
                if let refetching, !refetching.contains(WrapID(received.verified.event.id)) { return }
                await self.receiveBackfilled(received.verified, source: received.isNew ? .live : .historical, observer: observer, progress: progress)
            }
        } catch let error as RuntimeError {
            throw error
        } catch {
            throw RuntimeError(.failed, "\(error)")
        }
        await drainUnwrapped(observer: observer)
        guard refetching == nil else {
            batch.sync.received = receivedBefore
            return summary
        }
        for _ in 0..<summary.rejected { batch.sync.reject("not a valid Nostr event (bad JSON, id or signature)") }
        return summary
    }

    /// Before the first wrap of a backfill: restages what waited when the last sync ended and decides
    /// whether history is restored as read. Returns the last sync's start (nil on the first sync).
    private func beginBackfill(started: Int64) throws(RuntimeError) -> Int64? {
        let lastSync = try stateInt64(AccountStateKey.lastSync)
        try restage()
        let restoreStarted = try stateInt64(AccountStateKey.restoreStarted)
        let restoring = try withStore { try lastSync == nil && (!store.hasPosts || restoreStarted != nil) }
        engine.restoringIntoEmptyStore = restoring
        // Committed with the first batch: a restore killed midway goes on as one.
        if restoring { try setState(AccountStateKey.restoreStarted, int64: started) }
        return lastSync
    }

    /// One backfilled wrap: received (``receive(_:source:)``), committed with the others every
    /// `backfillBatch` wraps.
    private func receiveBackfilled(
        _ wrap: VerifiedEvent, source: IngestSource, observer: Observer?, progress: (@Sendable (SyncProgress) -> Void)?
    ) async {
        await receive(wrap, source: source)
        progress?(self.progress())
        await commitIfBatchFull(observer: observer)
    }

    /// Commits once `backfillBatch` wraps were ingested since the last commit (the wraps still
    /// unwrapping go with a later one).
    private func commitIfBatchFull(observer: Observer?) async {
        if batch.sinceCommit >= Self.backfillBatch { await commitBatch(observer: observer) }
    }

    /// Ingests the wraps still unwrapping when the last one arrived, committing every full batch on
    /// the way: with the pool's window, thousands may be waiting, and a kill during the drain then
    /// loses at most one batch's work (never anything accepted: uncommitted wraps are not seen).
    private func drainUnwrapped(observer: Observer?) async {
        while !inFlight.isEmpty, batch.failure == nil {
            let room = max(1, Self.backfillBatch - batch.sinceCommit)
            await ingestUnwrapped(whileMoreThan: max(0, inFlight.count - room))
            await commitIfBatchFull(observer: observer)
        }
        await ingestUnwrapped()
    }

    /// After the last wrap: what is still staged is counted as waiting (and kept for the next sync),
    /// what was pushed out of staging as rejected, the sync watermark is set, seen marks no relay
    /// can bring back are dropped, and the rest committed.
    /// After a storage failure none of that is written: the next sync starts where this one did.
    private func finishBackfill(started: Int64, observer: Observer?) async throws(RuntimeError) {
        await drainUnwrapped(observer: observer)
        let unresolved = engine.finishSync()
        engine.restoringIntoEmptyStore = false
        if let failure = batch.failure { throw failure }
        for entry in unresolved { batch.sync.wait(SyncReport.Waiting(kind: entry.kind, awaited: entry.awaited)) }
        for reason in batch.dropped.values { batch.sync.reject(reason) }
        batch.dropped.removeAll()
        try keepStaged(unresolved)
        try setState(AccountStateKey.lastSync, int64: started)
        try pruneSeenWraps(lastSync: started)
        await commitBatch(observer: observer)
        if let failure = batch.failure { throw failure }
    }

    /// Ingests `wraps` as `sync` ingests a backfill, minus the relays: the same steps per wrap
    /// (seen-check, unwrap on the pool's workers — which also verify the wrap's id and signature, as
    /// the relay pool would, and reject an invalid one —, engine, a storage commit every
    /// `backfillBatch` wraps) and the same start and end. For `linkstr-ingest-bench`
    /// (Benchmarks/IngestBench) and tests. Repeats are not filtered as the pool filters a run's
    /// repeats: they meet the store's seen-check, as wraps from an earlier sync do.
    ///
    /// - Parameter received: called on the actor after each wrap is handed on, with how many were.
    @_spi(Benchmark)
    public func ingestForBenchmark(_ wraps: [Event], received: (@Sendable (Int) -> Void)? = nil) async throws(RuntimeError) -> SyncReport {
        startBatch()
        let started = clock()
        _ = try beginBackfill(started: started)
        for (index, wrap) in wraps.enumerated() {
            await receive(unverified: wrap, source: .historical)
            await commitIfBatchFull(observer: nil)
            received?(index + 1)
        }
        try await finishBackfill(started: started, observer: nil)
        return batch.sync
    }

    /// Starts the counts (and the failure) of a sync or watch afresh: each reports only its own wraps.
    func startBatch() {
        batch = IngestBatch()
    }

    private func progress() -> SyncProgress {
        SyncProgress(received: batch.sync.received, accepted: batch.sync.accepted, pages: batch.pages)
    }

    private func notePage(_ page: Int, progress: (@Sendable (SyncProgress) -> Void)?) {
        batch.pages = page
        progress?(self.progress())
    }
}
