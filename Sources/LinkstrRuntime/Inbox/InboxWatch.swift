import LinkstrEngine
import LinkstrHost
import NostrCore

/// A watch: the live subscription to the account's gift wraps and, beside it, a sync; every wrap
/// either brings goes to the ``Inbox``, and every change to the observer.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its inbox is used; the
/// live subscription is read by a task on the same actor.
public enum InboxWatch {
    /// Receives each ingest report once its writes are committed: the changes to show, and the
    /// notifications to deliver (live inbound events only; the engine decides).
    public typealias Observer = @Sendable (IngestReport, IngestSource) async -> Void

    /// A sync, then the live subscription until the task is cancelled; `observer` sees every change.
    ///
    /// The live subscription opens first, so that nothing published during the backfill falls
    /// between the two; the deduplicator they share hands each wrap to one of them. What a relay
    /// sends on either before its EOSE there is history (no notification); what it sends after is
    /// new (`ReceivedEvent.isNew`), and notifies. `caughtUp` is called (and logged at info) once the
    /// backfill is done and every connected relay has sent its EOSE on the live subscription (or
    /// CLOSED it), or `timeout` passed.
    ///
    /// Cancelling closes the live subscription; what its stream still holds is ingested, committed
    /// and observed before `watch` returns. Cancelled during the backfill, it commits what it
    /// ingested and leaves the sync watermark where it was.
    ///
    /// - Parameter pending: wraps received while the account was locked (``LockedInbox``): opened,
    ///   stored and observed first, as live.
    public static func watch(
        timeout: Duration = .seconds(15), pending: [VerifiedEvent] = [], caughtUp: (@Sendable () -> Void)? = nil, observer: @escaping Observer,
        in account: isolated AccountRuntime
    ) async throws(LinkstrError) {
        let inbox = account.inbox
        inbox.startBatch()
        let pool = try account.connect()
        if !pending.isEmpty {
            for wrap in pending { await inbox.receive(wrap, source: .live, in: account) }
            await inbox.ingestUnwrapped(in: account)
            await inbox.commitBatch(observer: observer, in: account)
        }
        // Also once the backfill is done (below).
        defer { Outbox.recordRelayStatuses(in: account) }
        let deduplicator = EventDeduplicator(capacity: 1_000_000)
        let live: SubscriptionStream
        do {
            live = try pool.subscribeGiftWraps(to: account.me, now: account.clock(), deduplicator: deduplicator)
        } catch {
            throw LinkstrError(.failed, "cannot subscribe to gift wraps: \(error)")
        }
        inbox.liveRelaysCaughtUp = []
        inbox.liveRelaysClosed = []
        // Each EOSE or CLOSED on the live subscription, for the catch-up to look again.
        let (liveProgress, liveProgressed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let liveTask = Task { await follow(live, progressed: liveProgressed, observer: observer, in: account) }
        defer { liveTask.cancel() }
        let closeLive: @Sendable () -> Void = { pool.unsubscribe(RelayClient.LinkstrSubscription.giftWraps) }
        do throws(LinkstrError) {
            try await InboxSync.backfill(pool, timeout: timeout, deduplicator: deduplicator, observer: observer, progress: nil, in: account)
        } catch {
            guard Task.isCancelled else { throw error }
            // Stopped: what was ingested is kept; without a finished backfill the watermark stays.
            closeLive()
            await liveTask.value
            await inbox.ingestUnwrapped(in: account)
            await inbox.commitBatch(observer: observer, in: account)
            if let failure = inbox.batch.failure { throw failure }
            return
        }
        await Contacts.refreshFollowList(pool, profiles: true, in: account)
        Outbox.recordRelayStatuses(in: account)
        await awaitLiveCatchUp(pool, timeout: timeout, liveProgress: liveProgress, in: account)
        caughtUp?()
        await withTaskCancellationHandler {
            await liveTask.value
        } onCancel: {
            closeLive()
        }
        if let failure = inbox.batch.failure { throw failure }
    }

    /// Reads the live subscription until it ends: each wrap received, ingested, committed and
    /// observed at once; each EOSE or CLOSED noted and told to `progressed`.
    private static func follow(
        _ live: SubscriptionStream, progressed: AsyncStream<Void>.Continuation, observer: @escaping InboxWatch.Observer,
        in account: isolated AccountRuntime
    ) async {
        let inbox = account.inbox
        for await message in live {
            switch message {
            case .event(let received):
                await inbox.receive(received.verified, source: received.isNew ? .live : .historical, in: account)
                await inbox.ingestUnwrapped(in: account)
                await inbox.commitBatch(observer: observer, in: account)
            case .endOfStoredEvents(let relay):
                inbox.liveRelaysCaughtUp.insert(relay)
                progressed.yield()
            // Not waited for; what it sends if it takes the subscription up again (after AUTH)
            // is history until its EOSE.
            case .closed(let relay, _):
                inbox.liveRelaysClosed.insert(relay)
                progressed.yield()
            case .rejected(_, let reason): inbox.rejectInvalid(reason)
            case .duplicate: break
            }
        }
    }

    /// Waits (at most `timeout`) until every connected relay has sent its EOSE (or CLOSED) on the
    /// live subscription, then logs that watch is following new events. Looks again at each of
    /// `liveProgress` (an EOSE or CLOSED) and each status change.
    private static func awaitLiveCatchUp(_ pool: RelayClient, timeout: Duration, liveProgress: AsyncStream<Void>, in account: isolated AccountRuntime) async {
        let inbox = account.inbox
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let statusChanges = pool.updates
        let watchers = [
            Task {
                for await _ in liveProgress { changed.yield() }
            },
            Task {
                for await update in statusChanges {
                    if case .status = update { changed.yield() }
                }
            },
            Task {
                try? await Task.sleep(for: timeout)
                changed.finish()
            },
        ]
        defer { watchers.forEach { $0.cancel() } }
        var waiting = pool.connectedRelays().subtracting(inbox.liveRelaysCaughtUp).subtracting(inbox.liveRelaysClosed)
        var iterator = changes.makeAsyncIterator()
        while !waiting.isEmpty, !Task.isCancelled, await iterator.next() != nil {
            waiting = pool.connectedRelays().subtracting(inbox.liveRelaysCaughtUp).subtracting(inbox.liveRelaysClosed)
        }
        let relays = inbox.liveRelaysCaughtUp.count
        let late = waiting.isEmpty ? "" : " (still waiting for " + waiting.sorted().joined(separator: ", ") + ")"
        account.host.log.log(.info, "caught up with \(relays) relay\(relays == 1 ? "" : "s")\(late); following new events")
    }
}
