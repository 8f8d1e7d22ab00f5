import LinkstrEngine
import NostrCore

/// The receive stage of the runtime, one wrap at a time, in this order: the seen-check (in the store,
/// kept across restarts; the only one), the unwrap (NIP-59: the wrap's signature was verified by the
/// relay pool, the seal's is verified here), the engine, and the counts of the sync. The writes wait
/// in the store for the batch's commit (``commitBatch(observer:)``), which then notifies.
extension AccountRuntime {
    /// Receives one verified wrap: a wrap the store has seen is counted and dropped before it is
    /// unwrapped (every sync asks for the last `giftWrapLookback`, two days, again); any other is
    /// unwrapped on the caller's task (CPU-bound, outside the actor) and ingested on the actor.
    nonisolated func receive(_ wrap: VerifiedEvent, source: IngestSource) async {
        guard await admit(WrapID(wrap.event.id)) else { return }
        let unwrapped = Result { () throws(UnwrapError) in try GiftWrap.unwrap(wrap, recipient: signer) }
        await ingest(unwrapped, wrapID: WrapID(wrap.event.id), source: source)
    }

    /// The seen-check: true when the wrap is to be unwrapped. False when the store has seen it —
    /// counted as received, as `ingest` would — or ingest stopped at a storage failure.
    private func admit(_ wrapID: WrapID) -> Bool {
        guard batch.failure == nil else { return false }
        guard store.hasSeenWrap(wrapID) else { return true }
        batch.sync.received += 1
        batch.sinceCommit += 1
        return false
    }

    /// Ingests one admitted wrap (stopping at the first storage failure). A wrap that does not unwrap
    /// is marked seen: its id and signature were verified, so it is the wrap its id names, and it
    /// will not unwrap next time either — unless the remote signer failed to open it: then the sync
    /// stops, keeping the wraps of the batch unseen for the next one.
    private func ingest(_ unwrapped: Result<UnwrappedGift, UnwrapError>, wrapID: WrapID, source: IngestSource) {
        guard batch.failure == nil else { return }
        if case .failure(let error) = unwrapped, let signerFailure = error.remoteSignerFailure {
            batch.failure = RuntimeError(.failed, signerFailure.description + "; the wraps not opened are kept for the next sync")
            store.discardPending()
            return
        }
        batch.sync.received += 1
        batch.sinceCommit += 1
        switch unwrapped {
        case .failure(let error):
            batch.sync.reject(error.description)
            store.markWrapSeen(wrapID)
        case .success(let gift):
            let report = engine.ingest(InboundRumor(rumor: gift.rumor, wrapID: wrapID, source: source), now: clock())
            count(report.outcome)
            report.released.forEach(count)
            if !report.changes.isEmpty || !report.notifications.isEmpty { batch.reports.append((report, source)) }
        }
        if let failure = store.failure {
            batch.failure = RuntimeError(storage: failure)
            store.discardPending()
        }
    }

    /// Counts an event the relay pool rejected (bad JSON, id or signature) as received and rejected.
    func rejectInvalid(_ reason: String) {
        batch.sync.received += 1
        batch.sync.reject(reason)
    }

    private func count(_ outcome: IngestOutcome) {
        switch outcome {
        case .accepted, .merged: batch.sync.accepted += 1
        case .staged: batch.sync.staged += 1
        case .rejected(let reason): batch.sync.reject(reason)
        case .duplicate: break
        }
    }
}
