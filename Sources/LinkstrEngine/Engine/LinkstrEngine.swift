import NostrCore

/// The linkstr rules as a deterministic state machine: verified rumors and
/// user commands in; state writes (through `EngineStore`), publish requests (`OutboundMessage`) and
/// notification requests out. No I/O, no clock: `now` is an input.
///
/// Thread rule: not thread-safe; one owner drives it from one thread or actor.
public final class LinkstrEngine {
    /// The rumor kind of linkstr payloads.
    public static let rumorKind = 44001

    public let me: PublicKey
    public let store: any EngineStore
    /// Set by the host when a sync starts on a store without posts: restored history is then marked
    /// read, as the iPhone app does.
    public var restoringIntoEmptyStore = false
    var staging: Staging

    /// - Parameters:
    ///   - stagingCapacity: the most rumors staged at once, all senders together.
    ///   - stagingPerSender: the most rumors one sender may have staged.
    ///   - stagingLifetime: how long (seconds) a rumor may stay staged, across restarts.
    public init(
        me: PublicKey, store: any EngineStore, stagingCapacity: Int = 10_000, stagingPerSender: Int = 2_000,
        stagingLifetime: Int64 = 14 * 86_400
    ) {
        self.me = me
        self.store = store
        self.staging = Staging(capacity: stagingCapacity, perSenderCapacity: stagingPerSender, lifetime: stagingLifetime)
    }

    /// Ingests one rumor and everything it releases from staging; first expires what was staged too
    /// long ago.
    ///
    /// The host drops a wrap the store has seen (``EngineStore/hasSeenWrap(_:)``) before it unwraps
    /// it, so the engine does not ask again; a repeat that reaches it anyway (a rumor kept staged
    /// across restarts) is decided by the per-kind rules, which leave state as it is.
    ///
    /// What the store throws stops the ingest at that step and is rethrown: the host then discards
    /// the batch's buffered writes, so the wraps of the lost batch stay unseen and come again with
    /// the next sync. Staging is left as that step left it (a released rumor may be out of it, an
    /// earlier one of the lost batch in it): harmless, as those rumors come again and a repeat is
    /// staged once.
    ///
    /// - Parameter stagedSince: when the rumor was first staged, for a rumor the host kept from an
    ///   earlier sync (its staging lifetime goes on from there); nil for a new one.
    public func ingest(_ inbound: InboundRumor, now: Int64, stagedSince: Int64? = nil) throws -> IngestReport {
        var report = IngestReport()
        for entry in staging.expire(now: now) {
            report.released.append(.rejected(Self.removalReason(entry.reason, .expired, staging)))
        }
        try decide(staging.releaseDue(now: now, skew: PayloadLimits.futureSkewSeconds), now: now, report: &report)
        var keepUnseen = false
        report.outcome = try process(inbound, now: now, stagedAt: stagedSince ?? now, keepUnseen: &keepUnseen, report: &report)
        if !keepUnseen { markSeenUnlessStaged(report.outcome, wrapID: inbound.wrapID, source: inbound.source) }
        return report
    }

    /// Ends a sync: whatever is still staged is rejected with the reason it waited for, and
    /// returned. Its wraps are not marked seen: the host keeps these rumors and ingests them again
    /// on its next start, so a dependency that arrives later still releases them.
    public func finishSync() -> [UnresolvedRumor] {
        staging.drain().map { entry in
            let awaited: UnresolvedRumor.Awaited =
                switch entry.dependency {
                case .session: .session
                case .post: .post
                case .membership: .membership
                case .time: .time
                }
            let kind = try? LinkstrPayload.decode(entry.rumor.rumor.content).kind
            return UnresolvedRumor(rumor: entry.rumor, reason: entry.reason, awaited: awaited, kind: kind, stagedAt: entry.stagedAt)
        }
    }

    /// Whether a rumor pushed out of the staging area (``IngestReport/dropped``) during this sync
    /// waited for something that has arrived since the last call: the same backfill again would
    /// now decide it (its wrap is not seen).
    public func takeRefetchNeeded() -> Bool {
        staging.takeRefetchNeeded()
    }

    /// How many rumors wait in staging.
    public var stagedCount: Int { staging.count }

    // MARK: Dispatch

    /// Decides one rumor (or stages it). `keepUnseen` is set when it was rejected for now only: its
    /// wrap must stay unseen, so that a backfill judges it again.
    func process(
        _ inbound: InboundRumor, now: Int64, stagedAt: Int64, keepUnseen: inout Bool, report: inout IngestReport
    ) throws -> IngestOutcome {
        let rumor = inbound.rumor
        guard rumor.kind == Self.rumorKind else { return .rejected("not a linkstr rumor (kind \(rumor.kind))") }
        let payload: LinkstrPayload
        do {
            payload = try LinkstrPayload.decode(rumor.content)
        } catch {
            return .rejected(error.reason)
        }
        if let problem = Self.tagProblem(rumor, payload) { return .rejected(problem) }
        let verdict: Verdict
        switch payload.kind {
        // A sender whose clock is ahead (or who dates ahead on purpose: a snapshot from the future
        // would win over every change until then) waits until its time comes here.
        case _ where rumor.createdAt - PayloadLimits.futureSkewSeconds > now:
            verdict = .staged(.time, "dated \(rumor.createdAt - now) seconds ahead of this clock")
        case .root: verdict = try ingestRoot(inbound, payload, report: &report)
        case .reaction: verdict = try ingestReaction(inbound, payload, report: &report)
        case .rootDelete: verdict = try ingestDelete(inbound, payload, report: &report)
        case .sessionCreate, .sessionMembers: verdict = try ingestSnapshot(inbound, payload, report: &report)
        }
        switch verdict {
        case .accepted: return .accepted
        case .merged: return .merged
        case .duplicate: return .duplicate
        case .rejected(let reason): return .rejected(reason)
        case .rejectedForNow(let reason):
            keepUnseen = true
            return .rejected(reason)
        case .staged(let dependency, let reason):
            // What leaves staging undecided is not marked seen: a later backfill may bring it again.
            for (evicted, removal) in staging.stage(inbound, on: dependency, reason: reason, stagedAt: stagedAt) {
                report.dropped.append((evicted.rumor.wrapID, Self.removalReason(evicted.reason, removal, staging)))
            }
            return .staged(reason)
        }
    }

    static func removalReason(_ reason: String, _ removal: Staging.Removal, _ staging: Staging) -> String {
        switch removal {
        case .senderQuota: "dropped from the staging area (its sender has \(staging.perSenderCapacity) rumors waiting): \(reason)"
        case .full: "dropped from the staging area (full): \(reason)"
        case .expired: "expired from the staging area after \(staging.lifetime / 86_400) days: \(reason)"
        }
    }

    /// A per-kind rule's decision; `staged` names what the rumor waits for. `rejectedForNow`: not
    /// applied, its wrap left unseen for a backfill to judge again.
    enum Verdict {
        case accepted, merged, duplicate
        case rejected(String)
        case rejectedForNow(String)
        case staged(Staging.Dependency, String)
    }

    /// Re-ingests what waited on `dependency`.
    func release(_ dependency: Staging.Dependency, report: inout IngestReport) throws {
        // The rumor's time was checked when it was staged.
        try decide(staging.release(dependency), now: .max, report: &report)
    }

    /// Re-ingests `entries`, released from staging.
    private func decide(_ entries: [Staging.Entry], now: Int64, report: inout IngestReport) throws {
        for waiting in entries {
            var keepUnseen = false
            let outcome = try process(waiting.rumor, now: now, stagedAt: waiting.stagedAt, keepUnseen: &keepUnseen, report: &report)
            if !keepUnseen { markSeenUnlessStaged(outcome, wrapID: waiting.rumor.wrapID, source: waiting.rumor.source) }
            report.released.append(outcome)
        }
    }

    /// Rejects what waited on `dependency` (e.g. reactions to a post whose delete was validated).
    func discard(_ dependency: Staging.Dependency, reason: String, report: inout IngestReport) {
        for waiting in staging.release(dependency) {
            markSeenUnlessStaged(.rejected(reason), wrapID: waiting.rumor.wrapID, source: waiting.rumor.source)
            report.released.append(.rejected(reason))
        }
    }

    /// A decided rumor's wrap is seen (its repeats are duplicates); a staged one's is not yet. The
    /// host counts outcomes (`SyncReport`): it also sees the wraps that never became a rumor.
    func markSeenUnlessStaged(_ outcome: IngestOutcome, wrapID: WrapID, source: IngestSource) {
        if case .staged = outcome { return }
        if source != .own { store.markWrapSeen(wrapID) }
    }

    /// Whether `inbound` (a post or a reaction in `sessionID`) passes the membership rule, else
    /// what to do with it. Both the sender and this account must have been members at the rumor's
    /// time (sender-chosen). A live rumor also needs both to be members now: a removed member must
    /// not add events dated back to before the removal. History (a backfill) keeps membership at
    /// the time, so a post sent before a removal and delivered late still arrives: a live one
    /// refused that way is refused for now only (its wrap stays unseen), and the next backfill
    /// judges it again, as the iPhone app's does.
    func membershipVerdict(_ inbound: InboundRumor, in sessionID: SessionID) throws -> Verdict? {
        if let problem = try membershipProblem(sessionID, sender: inbound.sender, at: inbound.rumor.createdAt) {
            return .staged(.membership(sessionID), problem)
        }
        guard inbound.source == .live else { return nil }
        let current = try store.membership(sessionID).current
        if !current.contains(inbound.sender) { return .rejectedForNow("the sender is no longer a member of the session") }
        if !current.contains(me) { return .rejectedForNow("you are no longer a member of the session") }
        return nil
    }

    /// Why `sender` may not post or react in `sessionID` at `time`, or nil when both the sender and
    /// this account were members then.
    func membershipProblem(_ sessionID: SessionID, sender: PublicKey, at time: Int64) throws -> String? {
        let history = try store.membership(sessionID)
        if !history.isActive(sender, at: time) { return "the sender was not a member of the session at that time" }
        if !history.isActive(me, at: time) { return "you were not a member of the session at that time" }
        return nil
    }
}
