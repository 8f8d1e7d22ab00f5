import LinkstrEngine
import LinkstrHost
import NostrCore

/// What waits in the engine's staging area (a rumor whose session or member list has not arrived)
/// is kept across restarts; seen marks that no relay can bring back are dropped.
extension Inbox {
    /// Replaces the kept staged rumors with `unresolved` (sorted by when each was first staged).
    func keepStaged(_ unresolved: [UnresolvedRumor], in account: isolated AccountRuntime) throws(LinkstrError) {
        for record in try account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.staged)) {
            account.store.deleteRecord(EngineCollection.staged, key: record.key)
        }
        try account.withStore {
            for entry in unresolved {
                let rumor = entry.rumor
                try account.store.put(EngineCollection.staged, key: rumor.wrapID.eventID.rawBytes, sort: entry.stagedAt, value: rumor.rumor.jsonBytes())
            }
        }
    }

    /// Stages again what waited when the last sync ended; its staging lifetime goes on.
    func restage(in account: isolated AccountRuntime) throws(LinkstrError) {
        for record in try account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.staged)) {
            guard let id = EventID(bytes: record.key), let rumor = try? Event(rumorJSON: record.value) else { continue }
            let report = try account.withStore {
                try account.engine.ingest(InboundRumor(rumor: rumor, wrapID: WrapID(id), source: .historical), now: account.clock(), stagedSince: record.sort)
            }
            if !report.changes.isEmpty { batch.reports.append((report, .historical)) }
        }
    }

    // MARK: Seen marks

    /// How long a seen mark outlives the sync watermark: every backfill asks for wraps from
    /// `giftWrapLookback` before the last sync on, the live subscription from that long before now,
    /// and a relay may hold a wrap dated a little ahead of when it was seen. A wrap seen before
    /// `lastSync − seenWrapRetention` is older than anything a relay is asked for again.
    static let seenWrapRetention: Int64 = RelayClient.giftWrapLookback + PayloadLimits.futureSkewSeconds

    /// The most seen marks dropped per sync (the rest go at the next one).
    static let seenWrapPruneLimit = 100_000

    /// Drops the seen marks that no relay can bring back after a sync that started at `lastSync`.
    func pruneSeenWraps(lastSync: Int64, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.withStore { try account.store.forgetWrapsSeen(before: lastSync - Self.seenWrapRetention, limit: Self.seenWrapPruneLimit) }
    }
}
