import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
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
    public func watch(
        timeout: Duration = .seconds(15), pending: [VerifiedEvent] = [], caughtUp: (@Sendable () -> Void)? = nil, observer: @escaping Observer
    ) async throws(RuntimeError) {
        startBatch()
        let pool = try connect()
        if !pending.isEmpty {
            for wrap in pending { await receive(wrap, source: .live) }
            await ingestUnwrapped()
            await commitBatch(observer: observer)
        }
        // Also once the backfill is done (below).
        defer { Outbox.recordRelayStatuses(in: self) }
        let deduplicator = EventDeduplicator(capacity: 1_000_000)
        let live: SubscriptionStream
        do {
            live = try pool.subscribeGiftWraps(to: me, now: clock(), deduplicator: deduplicator)
        } catch {
            throw RuntimeError(.failed, "cannot subscribe to gift wraps: \(error)")
        }
        liveRelaysCaughtUp = []
        liveRelaysClosed = []
        // Each EOSE or CLOSED on the live subscription, for the catch-up to look again.
        let (liveProgress, liveProgressed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let liveTask = Task {
            for await message in live {
                switch message {
                case .event(let received):
                    await self.receive(received.verified, source: received.isNew ? .live : .historical)
                    await self.ingestUnwrapped()
                    await self.commitBatch(observer: observer)
                case .endOfStoredEvents(let relay):
                    self.liveRelaysCaughtUp.insert(relay)
                    liveProgressed.yield()
                // Not waited for; what it sends if it takes the subscription up again (after AUTH)
                // is history until its EOSE.
                case .closed(let relay, _):
                    self.liveRelaysClosed.insert(relay)
                    liveProgressed.yield()
                case .rejected(_, let reason): self.rejectInvalid(reason)
                case .duplicate: break
                }
            }
        }
        defer { liveTask.cancel() }
        let closeLive: @Sendable () -> Void = { pool.unsubscribe(RelayPool.LinkstrSubscription.giftWraps) }
        do throws(RuntimeError) {
            try await backfill(pool, timeout: timeout, deduplicator: deduplicator, observer: observer, progress: nil)
        } catch {
            guard Task.isCancelled else { throw error }
            // Stopped: what was ingested is kept; without a finished backfill the watermark stays.
            closeLive()
            await liveTask.value
            await ingestUnwrapped()
            await commitBatch(observer: observer)
            if let failure = batch.failure { throw failure }
            return
        }
        await Contacts.refreshFollowList(pool, profiles: true, in: self)
        Outbox.recordRelayStatuses(in: self)
        await awaitLiveCatchUp(pool, timeout: timeout, liveProgress: liveProgress)
        caughtUp?()
        await withTaskCancellationHandler {
            await liveTask.value
        } onCancel: {
            closeLive()
        }
        if let failure = batch.failure { throw failure }
    }

    /// Waits (at most `timeout`) until every connected relay has sent its EOSE (or CLOSED) on the
    /// live subscription, then logs that watch is following new events. Looks again at each of
    /// `liveProgress` (an EOSE or CLOSED) and each status change.
    private func awaitLiveCatchUp(_ pool: RelayPool, timeout: Duration, liveProgress: AsyncStream<Void>) async {
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
        var waiting = pool.connectedRelays().subtracting(liveRelaysCaughtUp).subtracting(liveRelaysClosed)
        var iterator = changes.makeAsyncIterator()
        while !waiting.isEmpty, !Task.isCancelled, await iterator.next() != nil {
            waiting = pool.connectedRelays().subtracting(liveRelaysCaughtUp).subtracting(liveRelaysClosed)
        }
        let relays = liveRelaysCaughtUp.count
        let late = waiting.isEmpty ? "" : " (still waiting for " + waiting.sorted().joined(separator: ", ") + ")"
        host.log.log(.info, "caught up with \(relays) relay\(relays == 1 ? "" : "s")\(late); following new events")
    }
}
