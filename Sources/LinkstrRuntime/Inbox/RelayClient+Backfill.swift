import LinkstrHost
import NostrCore

extension RelayClient {
    /// Runs a gift-wrap backfill (see ``GiftWrapBackfill`` for the paging rules) and hands each new
    /// wrap to `onEvent`, in the order relays deliver them.
    ///
    /// - Parameter deduplicator: shared with the live subscription to see each wrap once; a large
    ///   fresh one by default.
    /// - Parameter onPage: called with the number of pages requested so far as each page is asked for
    ///   (for a progress line).
    /// - Throws: `BackfillError` when no relay connects within `connectTimeout`, or a subscription
    ///   cannot be opened; `CancellationError` when the task is cancelled (after handing over what
    ///   the page being read had delivered).
    public func backfill(
        _ backfill: GiftWrapBackfill, deduplicator: EventDeduplicator = EventDeduplicator(capacity: 1_000_000),
        onPage: (@Sendable (Int) async -> Void)? = nil, onEvent: @escaping @Sendable (ReceivedEvent) async -> Void
    ) async throws -> BackfillSummary {
        let connected = await waitForConnection(until: .now + backfill.connectTimeout)
        try Task.checkCancellation()
        guard connected else {
            if everyRelayFailed {
                let reasons = lastErrors.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
                throw BackfillError(message: "no relay could be reached (\(reasons)); the backfill did not start")
            }
            throw BackfillError(message: "no relay connected within \(backfill.connectTimeout); the backfill did not start")
        }
        var summary = BackfillSummary()
        var covered = Set<String>()
        var chain = 0
        while true {
            let focus = connectedRelays().subtracting(covered)
            guard !focus.isEmpty, chain < 8 else { break }
            try await runChain(backfill, focus: focus, chain: chain, deduplicator: deduplicator, summary: &summary, onPage: onPage, onEvent: onEvent)
            covered.formUnion(focus)
            chain += 1
        }
        summary.relays = covered.sorted()
        return summary
    }

    /// Relays that are connected (read-only ones serve subscriptions too).
    func connectedRelays() -> Set<String> {
        Set(statuses.filter { $0.value.isConnected }.map(\.key))
    }

    /// One chain of pages from the newest event down; only `focus` relays steer the paging (a relay
    /// that joins meanwhile gets a chain of its own afterwards).
    private func runChain(
        _ backfill: GiftWrapBackfill, focus: Set<String>, chain: Int, deduplicator: EventDeduplicator, summary: inout BackfillSummary,
        onPage: (@Sendable (Int) async -> Void)?, onEvent: @escaping @Sendable (ReceivedEvent) async -> Void
    ) async throws {
        var until: Int64? = nil
        var largestPage: [String: Int] = [:]
        var page = 0
        while true {
            let waitFor = focus.intersection(connectedRelays())
            guard !waitFor.isEmpty else { break }
            let id = "linkstr-backfill-recipient-\(chain * 10_000 + page)-\(until.map(String.init) ?? "latest")"
            let progress = BackfillPageProgress(waitFor: waitFor)
            let stream: SubscriptionStream
            do {
                stream = try subscribe(id, filters: [backfill.filter(until: until)], deduplicator: deduplicator)
            } catch {
                throw BackfillError(message: "cannot open backfill page \(id): \(error)")
            }
            summary.pages += 1
            await onPage?(summary.pages)
            let timedOut = await readPage(id: id, stream: stream, progress: progress, timeout: backfill.pageTimeout, onEvent: onEvent)
            unsubscribe(id)
            // A page cut short cannot steer the next one.
            try Task.checkCancellation()
            let result = progress.result
            if timedOut {
                summary.timedOutPages += 1
                summary.unfinishedRelays.formUnion(waitFor.subtracting(result.finished))
            }
            summary.events += result.events
            summary.duplicates += result.duplicates
            summary.rejected += result.rejected

            // The next `until`: one past the newest "oldest created_at" among relays that may have
            // more, so that the boundary second is asked for again whether a relay reads `until` as
            // inclusive (NIP-01) or exclusive (nostr-relay).
            var next: Int64? = nil
            for relay in focus {
                let count = result.counts[relay] ?? 0
                guard count > 0 else { continue }
                let truncated = count >= backfill.pageSize || count >= (largestPage[relay] ?? 0)
                largestPage[relay] = max(largestPage[relay] ?? 0, count)
                if truncated, let oldest = result.oldest[relay] { next = max(next ?? oldest + 1, oldest + 1) }
            }
            guard var nextUntil = next else { break }
            if let until, nextUntil >= until { nextUntil = until - 1 }
            guard nextUntil >= (backfill.since ?? 0) else { break }
            until = nextUntil
            page += 1
        }
    }

    /// Reads one page until every awaited relay finished or left, the timeout (then true) or
    /// cancellation.
    private func readPage(
        id: String, stream: SubscriptionStream, progress: BackfillPageProgress, timeout: Duration,
        onEvent: @escaping @Sendable (ReceivedEvent) async -> Void
    ) async -> Bool {
        enum Ended {
            case reader
            case watcher(timedOut: Bool)
        }
        let router = self.router
        let deadline = ContinuousClock.now + timeout
        return await withTaskGroup(of: Ended.self) { group in
            group.addTask {
                // Once the page is done its route closes, and the loop still reads out what the stream
                // holds: an event in there already passed the shared deduplicator (the live
                // subscription saw it as a duplicate), so dropping it would lose it until the next start.
                for await message in stream {
                    if case .event(let received) = message { await onEvent(received) }
                    if progress.record(message) || progress.relaysLeft(connected: self.connectedRelays()) { router.close(id) }
                }
                return .reader
            }
            group.addTask {
                // A relay that disconnects ends its part of the page; the reader sees the others finish.
                let left = await self.waitForStatuses(until: deadline) { statuses in
                    progress.relaysLeft(connected: Set(statuses.filter { $0.value.isConnected }.map(\.key)))
                }
                let cancelled = Task.isCancelled
                router.close(id)
                return .watcher(timedOut: !left && !cancelled)
            }
            var timedOut = false
            for await ended in group {
                switch ended {
                case .reader: group.cancelAll()
                case .watcher(let expired): timedOut = expired
                }
            }
            return timedOut
        }
    }
}

/// Why a backfill could not run.
public struct BackfillError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public var description: String { message }
}
