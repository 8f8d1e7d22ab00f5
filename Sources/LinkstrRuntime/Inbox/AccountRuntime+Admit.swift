// Inbox/: the receive path, from the relay to the store. Read in this order:
//   AccountRuntime+Live, +Backfill (and GiftWrapBackfill, RelayPool+Backfill): where wraps come from
//   AccountRuntime+Admit (this file): the seen-check, then the hand-over to the unwrap pool
//   UnwrapPool (UnwrapJobQueue, UnwrapTicket, InFlightUnwrap): NIP-59 unwrapping off the actor
//   AccountRuntime+Ingest (IngestBatch): the engine, in admission order, then the batch's commit
//   AccountRuntime+Staging: what waits for its session, kept across restarts; seen marks pruned

import LinkstrEngine
import NostrCore

/// The receive stage of the runtime, in this order for each wrap: the seen-check (in the store, kept
/// across restarts, and among the wraps still being unwrapped; the only one), the unwrap on the
/// ``UnwrapPool`` (NIP-59: the wrap's signature was verified by the relay pool, the seal's is
/// verified there), then — in the order the wraps were admitted, whatever order the workers finish
/// in — the engine and the counts of the sync. The writes wait in the store for the batch's commit
/// (``commitBatch(observer:)``), which then notifies.
extension AccountRuntime {
    /// Receives one verified wrap: a wrap seen before is counted and dropped before it is unwrapped
    /// (every sync asks for the last `giftWrapLookback`, two days, again); any other goes to the
    /// unwrap pool. Ingests the results that are ready, waiting while more than the pool's window
    /// are unwrapping (the caller slows down with the pool). ``ingestUnwrapped()`` waits for the rest.
    func receive(_ wrap: VerifiedEvent, source: IngestSource) async {
        let signer = self.signer
        await receive(WrapID(wrap.event.id), source: source, verified: true) { () throws(UnwrapError) in
            try GiftWrap.unwrap(wrap, recipient: signer)
        }
    }

    /// ``receive(_:source:)`` for a wrap whose own id and signature are checked by the worker too,
    /// as the relay pool checks them (for `ingestForBenchmark`). Until then its id proves nothing: a
    /// copy of a wrap being unwrapped is unwrapped too (a forged copy must not hide the authentic one).
    func receive(unverified wrap: Event, source: IngestSource) async {
        let signer = self.signer
        await receive(WrapID(wrap.id), source: source, verified: false) { () throws(UnwrapError) in
            try GiftWrap.unwrap(wrap, recipient: signer)
        }
    }

    private func receive(
        _ wrapID: WrapID, source: IngestSource, verified: Bool, unwrap: @escaping @Sendable () throws(UnwrapError) -> UnwrappedGift
    ) async {
        guard admit(wrapID, verified: verified) else { return }
        let pool = unwrapPool ?? UnwrapPool(workers: unwrapWorkers, window: UnwrapPool.defaultWindow(for: signer, workers: unwrapWorkers))
        unwrapPool = pool
        inFlight.append(InFlightUnwrap(ticket: pool.submit { Result(catching: unwrap) }, wrapID: wrapID, source: source))
        inFlightWrapIDs.insert(wrapID)
        await ingestUnwrapped(whileMoreThan: pool.window)
    }

    /// The seen-check: true when the wrap is to be unwrapped. False when the store has seen it, or a
    /// `verified` wrap is being unwrapped — counted as received, as `ingest` would — or ingest
    /// stopped at a storage failure.
    private func admit(_ wrapID: WrapID, verified: Bool) -> Bool {
        guard batch.failure == nil else { return false }
        do throws(RuntimeError) {
            guard try withStore({ try (verified && inFlightWrapIDs.contains(wrapID)) || store.hasSeenWrap(wrapID) }) else { return true }
        } catch {
            batch.failure = error
            return false
        }
        batch.sync.received += 1
        batch.sinceCommit += 1
        return false
    }
}
