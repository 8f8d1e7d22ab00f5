import LinkstrEngine
import NostrCore

/// What ingest produced since the last commit: reports to hand to observers once their writes are
/// durable, and the counts of a sync in progress.
struct IngestBatch {
    var reports: [(report: IngestReport, source: IngestSource)] = []
    var sinceCommit = 0
    var sync = SyncReport()
    /// Backfill pages requested by the running sync (for its progress line).
    var pages = 0
    /// Whether a backfill is running (its drops may be fetched again; live ones are rejections at once).
    var backfilling = false
    /// The rumors pushed out of staging during this backfill pass, and why: rejections once the
    /// backfill is done, unless another pass decides them.
    var dropped: [WrapID: String] = [:]
    /// The first failure; ingest stops at it and the sync reports it.
    var failure: LinkstrError?
}
