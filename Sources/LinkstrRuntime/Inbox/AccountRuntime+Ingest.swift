import LinkstrEngine
import LinkstrHost
import NostrCore

/// Ingest, in the order the wraps were admitted: each unwrapped gift through the engine, its counts
/// in the batch, its writes buffered in the store until the batch commits (``commitBatch(observer:)``),
/// which then hands the reports on.
extension AccountRuntime {
    /// Ingests every wrap handed to the unwrap pool, in the order they were admitted.
    func ingestUnwrapped() async {
        await ingestUnwrapped(whileMoreThan: 0)
    }

    /// Ingests the finished unwraps at the head of the line; waits for the head while more than
    /// `limit` wraps are in flight. Taking only finished results, on the actor, keeps the order even
    /// when another caller receives while this one waits.
    func ingestUnwrapped(whileMoreThan limit: Int) async {
        while true {
            while let head = inFlight.first, let result = head.ticket.result {
                inFlight.removeFirst()
                inFlightWrapIDs.remove(head.wrapID)
                ingest(result, wrapID: head.wrapID, source: head.source)
            }
            guard inFlight.count > limit, let head = inFlight.first else { return }
            await head.ticket.wait()
        }
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
        case .failure(.invalidWrap(let error)):
            batch.sync.reject("event \(wrapID.eventID.hex): \(error)")
        case .failure(let error):
            batch.sync.reject(error.description)
            store.markWrapSeen(wrapID)
        case .success(let gift):
            let report: IngestReport
            do throws(RuntimeError) {
                report = try withStore { try engine.ingest(InboundRumor(rumor: gift.rumor, wrapID: wrapID, source: source), now: clock()) }
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

    /// Counts an event the relay pool rejected (bad JSON, id or signature) as received and rejected.
    func rejectInvalid(_ reason: String) {
        batch.sync.received += 1
        batch.sync.reject(reason)
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

    /// Commits the buffered writes, then hands their reports to `observer`.
    func commitBatch(observer: Observer?) async {
        guard batch.failure == nil else { return }
        do throws(RuntimeError) {
            try bufferChangeFeed(batch.reports.flatMap { $0.report.changes })
            try commit()
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
