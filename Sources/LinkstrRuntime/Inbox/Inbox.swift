import LinkstrEngine
import NostrCore

// Inbox/: the receive path, from the relay to the store. Read in this order:
//   InboxWatch, InboxSync (and GiftWrapBackfill, RelayClient+Backfill): where wraps come from — the
//     live subscription and the backfill of history; each wrap's id and signature are verified by
//     the relay client before it is handed on
//   Inbox (this file): the rules each wrap meets — the seen-check, the unwrap on the pool (the
//     seal's signature is verified there), then the engine in admission order, then the batch's commit
//   UnwrapPool (UnwrapJobQueue, UnwrapTicket, InFlightUnwrap): NIP-59 unwrapping off the actor
//   Inbox+Staging: what waits for its session, kept across restarts; seen marks pruned


/// The receive path of an account, in this order for each wrap: the seen-check (in the store, kept
/// across restarts, and among the wraps still being unwrapped; the only one), the unwrap on the
/// ``UnwrapPool`` (NIP-59: the wrap's signature was verified by the relay client, the seal's is
/// verified there), then — in the order the wraps were admitted, whatever order the workers finish
/// in — the engine and the counts of the sync. The writes wait in the store for the batch's commit
/// (``commitBatch(observer:in:)``), which then notifies.
///
/// Thread rule: owned by the account's actor and used only on it: every method takes the account
/// `isolated`, so a wrap costs no actor hop here. Unwrapping runs on the pool's workers.
final class Inbox {
    /// Ingest results waiting for their commit, and the counts of the running sync or watch.
    var batch = IngestBatch()
    /// Started by the first wrap received.
    private var unwrapPool: UnwrapPool?
    /// Wraps being unwrapped, in the order they reach the engine, and their ids (for the seen-check).
    private(set) var inFlight: [InFlightUnwrap] = []
    private var inFlightWrapIDs = Set<WrapID>()
    /// During `watch`: the relays whose stored events the live subscription has had (EOSE); what
    /// they send after that is news.
    var liveRelaysCaughtUp = Set<String>()
    /// During `watch`: the relays that ended the live subscription (CLOSED), not waited for.
    var liveRelaysClosed = Set<String>()

    /// Starts the counts (and the failure) of a sync or watch afresh: each reports only its own wraps.
    func startBatch() {
        batch = IngestBatch()
    }

    // MARK: Admission

    /// Receives one verified wrap: a wrap seen before is counted and dropped before it is unwrapped
    /// (every sync asks for the last `giftWrapLookback`, two days, again); any other goes to the
    /// unwrap pool. Ingests the results that are ready, waiting while more than the pool's window
    /// are unwrapping (the caller slows down with the pool). ``ingestUnwrapped(in:)`` waits for the rest.
    func receive(_ wrap: VerifiedEvent, source: IngestSource, in account: isolated AccountRuntime) async {
        let signer = account.signer
        await receive(WrapID(wrap.event.id), source: source, verified: true, in: account) { () throws(UnwrapError) in
            try GiftWrap.unwrap(wrap, recipient: signer)
        }
    }

    /// ``receive(_:source:in:)`` for a wrap whose own id and signature are checked by the worker too,
    /// as the relay client checks them (for `InboxSync.ingest`). Until then its id proves nothing: a
    /// copy of a wrap being unwrapped is unwrapped too (a forged copy must not hide the authentic one).
    func receive(unverified wrap: Event, source: IngestSource, in account: isolated AccountRuntime) async {
        let signer = account.signer
        await receive(WrapID(wrap.id), source: source, verified: false, in: account) { () throws(UnwrapError) in
            try GiftWrap.unwrap(wrap, recipient: signer)
        }
    }

    private func receive(
        _ wrapID: WrapID, source: IngestSource, verified: Bool, in account: isolated AccountRuntime,
        unwrap: @escaping @Sendable () throws(UnwrapError) -> UnwrappedGift
    ) async {
        guard admit(wrapID, verified: verified, in: account) else { return }
        let workers = account.unwrapWorkers
        let pool = unwrapPool ?? UnwrapPool(workers: workers, window: UnwrapPool.defaultWindow(for: account.signer, workers: workers))
        unwrapPool = pool
        inFlight.append(InFlightUnwrap(ticket: pool.submit { Result(catching: unwrap) }, wrapID: wrapID, source: source))
        inFlightWrapIDs.insert(wrapID)
        await ingestUnwrapped(whileMoreThan: pool.window, in: account)
    }

    /// The seen-check: true when the wrap is to be unwrapped. False when the store has seen it, or a
    /// `verified` wrap is being unwrapped — counted as received, as `ingest` would — or ingest
    /// stopped at a storage failure.
    private func admit(_ wrapID: WrapID, verified: Bool, in account: isolated AccountRuntime) -> Bool {
        guard batch.failure == nil else { return false }
        do throws(LinkstrError) {
            guard try account.withStore({ try (verified && inFlightWrapIDs.contains(wrapID)) || account.store.hasSeenWrap(wrapID) }) else {
                return true
            }
        } catch {
            batch.failure = error
            return false
        }
        batch.sync.received += 1
        batch.sinceCommit += 1
        return false
    }

    /// Counts an event the relay client rejected (bad JSON, id or signature) as received and rejected.
    func rejectInvalid(_ reason: String) {
        batch.sync.received += 1
        batch.sync.reject(reason)
    }

    // MARK: Ingest, in the order the wraps were admitted

    /// Ingests every wrap handed to the unwrap pool, in the order they were admitted.
    func ingestUnwrapped(in account: isolated AccountRuntime) async {
        await ingestUnwrapped(whileMoreThan: 0, in: account)
    }

    /// Ingests the finished unwraps at the head of the line; waits for the head while more than
    /// `limit` wraps are in flight. Taking only finished results, on the actor, keeps the order even
    /// when another caller receives while this one waits.
    func ingestUnwrapped(whileMoreThan limit: Int, in account: isolated AccountRuntime) async {
        while true {
            while let head = inFlight.first, let result = head.ticket.result {
                inFlight.removeFirst()
                inFlightWrapIDs.remove(head.wrapID)
                ingest(result, wrapID: head.wrapID, source: head.source, in: account)
            }
            guard inFlight.count > limit, let head = inFlight.first else { return }
            await head.ticket.wait()
        }
    }

    /// Ingests one admitted wrap (stopping at the first storage failure). A wrap that does not unwrap
    /// is marked seen: its id and signature were verified, so it is the wrap its id names, and it
    /// will not unwrap next time either — unless the remote signer failed to open it: then the sync
    /// stops, keeping the wraps of the batch unseen for the next one.
    private func ingest(_ unwrapped: Result<UnwrappedGift, UnwrapError>, wrapID: WrapID, source: IngestSource, in account: isolated AccountRuntime) {
        guard batch.failure == nil else { return }
        if case .failure(let error) = unwrapped, let signerFailure = error.remoteSignerFailure {
            batch.failure = LinkstrError(.failed, signerFailure.description + "; the wraps not opened are kept for the next sync")
            account.store.discardPending()
            return
        }
        batch.sync.received += 1
        batch.sinceCommit += 1
        switch unwrapped {
        case .failure(.invalidWrap(let error)):
            batch.sync.reject("event \(wrapID.eventID.hex): \(error)")
        case .failure(let error):
            batch.sync.reject(error.description)
            account.store.markWrapSeen(wrapID)
        case .success(let gift):
            let report: IngestReport
            do throws(LinkstrError) {
                report = try account.withStore {
                    try account.engine.ingest(InboundRumor(rumor: gift.rumor, wrapID: wrapID, source: source), now: account.clock())
                }
            } catch {
                batch.failure = error
                return
            }
            count(report.outcome)
            report.released.forEach(count)
            for (wrapID, reason) in report.dropped {
                if batch.backfilling { batch.dropped[wrapID] = reason } else { batch.sync.reject(reason) }
            }
            if !report.changes.isEmpty || !report.notifications.isEmpty { batch.reports.append((report, source)) }
        }
    }

    private func count(_ outcome: IngestOutcome) {
        switch outcome {
        case .accepted, .merged: batch.sync.accepted += 1
        // Counted when the backfill ends, if it still waits then.
        case .staged: break
        case .rejected(let reason): batch.sync.reject(reason)
        case .duplicate: break
        }
    }

    // MARK: Commit

    /// Commits the buffered writes, then hands their reports to `observer`.
    func commitBatch(observer: InboxWatch.Observer?, in account: isolated AccountRuntime) async {
        guard batch.failure == nil else { return }
        do throws(LinkstrError) {
            try ChangeFeed.buffer(batch.reports.flatMap { $0.report.changes }, in: account)
            try account.commit()
        } catch {
            batch.failure = error
            return
        }
        batch.sinceCommit = 0
        let reports = batch.reports
        batch.reports.removeAll()
        guard let observer else { return }
        for (report, source) in reports { await observer(report, source) }
    }
}

/// A wrap admitted by the receive stage and handed to the unwrap pool, waiting for its turn at the
/// engine (wraps reach the engine in the order they were admitted).
struct InFlightUnwrap {
    let ticket: UnwrapTicket
    let wrapID: WrapID
    let source: IngestSource
}
