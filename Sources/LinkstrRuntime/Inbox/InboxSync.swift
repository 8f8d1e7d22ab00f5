import LinkstrEngine
import LinkstrHost
import NostrCore

/// A sync: every gift wrap addressed to the account fetched from the relays' history (paged, see
/// ``GiftWrapBackfill``) and handed to the ``Inbox``, committed every `backfillBatch` wraps; then
/// what still waits for its session is kept, and the sync watermark set.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its inbox is used; each
/// wrap a relay sends comes to it from the relay client.
public enum InboxSync {
    /// How many ingested wraps share one storage transaction during a backfill.
    static let backfillBatch = 2_000

    /// How long a seen mark outlives the sync watermark (see ``Inbox/seenWrapRetention``); for tests.
    @_spi(Benchmark) public static let seenWrapRetention = Inbox.seenWrapRetention

    /// Connects, backfills every gift wrap addressed to the account, ingests, and returns the counts.
    /// Cancelled during the backfill, it stores what arrived until then, leaves the sync watermark
    /// where it was (the next sync fetches the rest) and returns the counts marked `interrupted`.
    ///
    /// - Parameter timeout: the longest to wait for the first relay and for each page.
    public static func sync(
        timeout: Duration = .seconds(15), progress: (@Sendable (SyncProgress) -> Void)? = nil, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> SyncReport {
        let inbox = account.inbox
        inbox.startBatch()
        let pool = try account.connect()
        defer { Outbox.recordRelayStatuses(unfinished: Set(inbox.batch.sync.unfinishedRelays), in: account) }
        do throws(LinkstrError) {
            try await backfill(pool, timeout: timeout, deduplicator: EventDeduplicator(capacity: 1_000_000), observer: nil, progress: progress, in: account)
        } catch {
            guard Task.isCancelled, inbox.batch.failure == nil else { throw error }
            await inbox.ingestUnwrapped(in: account)
            await inbox.commitBatch(observer: nil, in: account)
            if let failure = inbox.batch.failure { throw failure }
            inbox.batch.sync.interrupted = true
            return inbox.batch.sync
        }
        await Contacts.refreshFollowList(pool, profiles: true, in: account)
        return inbox.batch.sync
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
    static func backfill(
        _ pool: RelayClient, timeout: Duration, deduplicator: EventDeduplicator, observer: InboxWatch.Observer?,
        progress: (@Sendable (SyncProgress) -> Void)?, in account: isolated AccountRuntime
    ) async throws(LinkstrError) {
        let inbox = account.inbox
        let started = account.clock()
        let lastSync = try beginBackfill(started: started, in: account)
        inbox.batch.backfilling = true
        defer { inbox.batch.backfilling = false }
        let request = GiftWrapBackfill(
            account: account.me, since: lastSync.map { $0 - RelayClient.giftWrapLookback }, pageTimeout: min(timeout, .seconds(15)),
            connectTimeout: timeout)
        var summary = try await passBackfill(
            pool, request, deduplicator: deduplicator, refetching: nil, observer: observer, progress: progress, in: account)
        var passes = 1
        while passes < Self.backfillPasses, inbox.batch.failure == nil, account.engine.takeRefetchNeeded() {
            let refetching = Set(inbox.batch.dropped.keys)
            account.host.log.log(.info, "\(refetching.count) rumors left the staging area before what they waited for arrived; fetching them again")
            inbox.batch.dropped.removeAll()
            summary = try await passBackfill(
                pool, request, deduplicator: EventDeduplicator(capacity: 1_000_000), refetching: refetching, observer: observer,
                progress: progress, in: account)
            passes += 1
        }
        inbox.batch.sync.relays = summary.relays
        inbox.batch.sync.unfinishedRelays = summary.unfinishedRelays.sorted()
        try await finishBackfill(started: started, observer: observer, in: account)
    }

    /// One pass over the history `request` asks for: every wrap received and ingested (what is
    /// still unwrapping too). With `refetching`, only those wraps (counted already by the first
    /// pass; what else the relays send was judged by it, and what is new waits for the next sync).
    private static func passBackfill(
        _ pool: RelayClient, _ request: GiftWrapBackfill, deduplicator: EventDeduplicator, refetching: Set<WrapID>?,
        observer: InboxWatch.Observer?, progress: (@Sendable (SyncProgress) -> Void)?, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> BackfillSummary {
        let inbox = account.inbox
        let receivedBefore = inbox.batch.sync.received
        let summary: BackfillSummary
        do {
            summary = try await pool.backfill(
                request, deduplicator: deduplicator,
                onPage: { page in await notePage(page, progress: progress, in: account) }
            ) { received in
                if let refetching, !refetching.contains(WrapID(received.verified.event.id)) { return }
                await receiveBackfilled(
                    received.verified, source: received.isNew ? .live : .historical, observer: observer, progress: progress, in: account)
            }
        } catch let error as LinkstrError {
            throw error
        } catch {
            throw LinkstrError(.failed, "\(error)")
        }
        await drainUnwrapped(observer: observer, in: account)
        guard refetching == nil else {
            inbox.batch.sync.received = receivedBefore
            return summary
        }
        for _ in 0..<summary.rejected { inbox.batch.sync.reject("not a valid Nostr event (bad JSON, id or signature)") }
        return summary
    }

    /// Before the first wrap of a backfill: restages what waited when the last sync ended and decides
    /// whether history is restored as read. Returns the last sync's start (nil on the first sync).
    private static func beginBackfill(started: Int64, in account: isolated AccountRuntime) throws(LinkstrError) -> Int64? {
        let lastSync = try account.stateInt64(AccountStateKey.lastSync)
        try account.inbox.restage(in: account)
        let restoreStarted = try account.stateInt64(AccountStateKey.restoreStarted)
        let restoring = try account.withStore { try lastSync == nil && (!account.store.hasPosts || restoreStarted != nil) }
        account.engine.restoringIntoEmptyStore = restoring
        // Committed with the first batch: a restore killed midway goes on as one.
        if restoring { try account.setState(AccountStateKey.restoreStarted, int64: started) }
        return lastSync
    }

    /// One backfilled wrap: received (``Inbox/receive(_:source:in:)``), committed with the others
    /// every `backfillBatch` wraps.
    private static func receiveBackfilled(
        _ wrap: VerifiedEvent, source: IngestSource, observer: InboxWatch.Observer?, progress: (@Sendable (SyncProgress) -> Void)?,
        in account: isolated AccountRuntime
    ) async {
        await account.inbox.receive(wrap, source: source, in: account)
        progress?(self.progress(of: account.inbox))
        await commitIfBatchFull(observer: observer, in: account)
    }

    /// Commits once `backfillBatch` wraps were ingested since the last commit (the wraps still
    /// unwrapping go with a later one).
    private static func commitIfBatchFull(observer: InboxWatch.Observer?, in account: isolated AccountRuntime) async {
        if account.inbox.batch.sinceCommit >= Self.backfillBatch { await account.inbox.commitBatch(observer: observer, in: account) }
    }

    /// Ingests the wraps still unwrapping when the last one arrived, committing every full batch on
    /// the way: with the pool's window, thousands may be waiting, and a kill during the drain then
    /// loses at most one batch's work (never anything accepted: uncommitted wraps are not seen).
    private static func drainUnwrapped(observer: InboxWatch.Observer?, in account: isolated AccountRuntime) async {
        let inbox = account.inbox
        while !inbox.inFlight.isEmpty, inbox.batch.failure == nil {
            let room = max(1, Self.backfillBatch - inbox.batch.sinceCommit)
            await inbox.ingestUnwrapped(whileMoreThan: max(0, inbox.inFlight.count - room), in: account)
            await commitIfBatchFull(observer: observer, in: account)
        }
        await inbox.ingestUnwrapped(in: account)
    }

    /// After the last wrap: what is still staged is counted as waiting (and kept for the next sync),
    /// what was pushed out of staging as rejected, the sync watermark is set, seen marks no relay
    /// can bring back are dropped, and the rest committed.
    /// After a storage failure none of that is written: the next sync starts where this one did.
    private static func finishBackfill(started: Int64, observer: InboxWatch.Observer?, in account: isolated AccountRuntime) async throws(LinkstrError) {
        let inbox = account.inbox
        await drainUnwrapped(observer: observer, in: account)
        let unresolved = account.engine.finishSync()
        account.engine.restoringIntoEmptyStore = false
        if let failure = inbox.batch.failure { throw failure }
        for entry in unresolved { inbox.batch.sync.wait(SyncReport.Waiting(kind: entry.kind, awaited: entry.awaited)) }
        for reason in inbox.batch.dropped.values { inbox.batch.sync.reject(reason) }
        inbox.batch.dropped.removeAll()
        try inbox.keepStaged(unresolved, in: account)
        try account.setState(AccountStateKey.lastSync, int64: started)
        try inbox.pruneSeenWraps(lastSync: started, in: account)
        await inbox.commitBatch(observer: observer, in: account)
        if let failure = inbox.batch.failure { throw failure }
    }

    /// Ingests `wraps` as `sync` ingests a backfill, minus the relays: the same steps per wrap
    /// (seen-check, unwrap on the pool's workers — which also verify the wrap's id and signature, as
    /// the relay client would, and reject an invalid one —, engine, a storage commit every
    /// `backfillBatch` wraps) and the same start and end. Repeats are not filtered as the pool
    /// filters a run's repeats: they meet the store's seen-check, as wraps from an earlier sync do.
    /// For `linkstr-ingest-bench` (Benchmarks/IngestBench) and tests.
    ///
    /// - Parameter received: called on the actor after each wrap is handed on, with how many were.
    @_spi(Benchmark)
    public static func ingest(
        _ wraps: [Event], received: (@Sendable (Int) -> Void)? = nil, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> SyncReport {
        let inbox = account.inbox
        inbox.startBatch()
        let started = account.clock()
        _ = try beginBackfill(started: started, in: account)
        for (index, wrap) in wraps.enumerated() {
            await inbox.receive(unverified: wrap, source: .historical, in: account)
            await commitIfBatchFull(observer: nil, in: account)
            received?(index + 1)
        }
        try await finishBackfill(started: started, observer: nil, in: account)
        return inbox.batch.sync
    }

    private static func progress(of inbox: Inbox) -> SyncProgress {
        SyncProgress(received: inbox.batch.sync.received, accepted: inbox.batch.sync.accepted, pages: inbox.batch.pages)
    }

    private static func notePage(_ page: Int, progress: (@Sendable (SyncProgress) -> Void)?, in account: isolated AccountRuntime) {
        account.inbox.batch.pages = page
        progress?(self.progress(of: account.inbox))
    }
}
