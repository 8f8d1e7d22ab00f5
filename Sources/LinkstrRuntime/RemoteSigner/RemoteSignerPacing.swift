import Synchronization

/// How a ``RemoteSignerClient`` paces its requests so that an ordinary relay's rate limit lets them
/// through. A sync asks for a decryption per wrap, many at a time: up to `widest` requests wait for
/// answers at once while the relays take them; a relay's `rate-limited:` answer halves that number
/// (down to one) and pauses every publish for a back-off that doubles while the relay keeps
/// refusing; once it accepts again the back-off starts over and the number grows back, one place
/// per `growAfter` accepted publishes.
///
/// Thread rule: thread-safe.
final class RemoteSignerPacing: Sendable {
    static let widest = 16
    static let growAfter = 8
    static let firstBackOff: Duration = .milliseconds(500)
    static let longestBackOff: Duration = .seconds(8)

    private let state = Mutex(State())

    private struct State {
        var limit = RemoteSignerPacing.widest
        var inFlight = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var acceptedSinceGrowth = 0
        var pausedUntil: ContinuousClock.Instant?
        var backOff = RemoteSignerPacing.firstBackOff
        var lastRateLimit: ContinuousClock.Instant?

        /// The waiting requests that fit now, taken out of the line.
        mutating func admissible() -> [CheckedContinuation<Void, Never>] {
            var admitted: [CheckedContinuation<Void, Never>] = []
            while inFlight < limit, !waiting.isEmpty {
                inFlight += 1
                admitted.append(waiting.removeFirst())
            }
            return admitted
        }
    }

    /// Waits for a free place among the requests in flight.
    func acquire() async {
        await withCheckedContinuation { continuation in
            let admitted = state.withLock { state in
                state.waiting.append(continuation)
                return state.admissible()
            }
            for waiting in admitted { waiting.resume() }
        }
    }

    /// Frees a place (the request was answered or failed) for the next waiting.
    func release() {
        let admitted = state.withLock { state in
            state.inFlight -= 1
            return state.admissible()
        }
        for waiting in admitted { waiting.resume() }
    }

    /// When the next publish may go (nil: now).
    var pausedUntil: ContinuousClock.Instant? {
        state.withLock { state in
            guard let until = state.pausedUntil, until > .now else { return nil }
            return until
        }
    }

    /// A relay answered `rate-limited:`: pauses every publish for the back-off, which doubles.
    func rateLimited() {
        state.withLock { state in
            state.limit = max(1, state.limit / 2)
            state.acceptedSinceGrowth = 0
            state.lastRateLimit = .now
            state.pausedUntil = .now + state.backOff
            state.backOff = min(state.backOff * 2, Self.longestBackOff)
        }
    }

    /// Whether a relay answered `rate-limited:` in the last minute.
    var recentlyRateLimited: Bool {
        state.withLock { state in state.lastRateLimit.map { .now - $0 < .seconds(60) } ?? false }
    }

    /// A publish got through: the back-off starts over.
    func accepted() {
        let admitted = state.withLock { state in
            state.backOff = Self.firstBackOff
            state.acceptedSinceGrowth += 1
            if state.acceptedSinceGrowth >= Self.growAfter, state.limit < Self.widest {
                state.limit += 1
                state.acceptedSinceGrowth = 0
            }
            return state.admissible()
        }
        for waiting in admitted { waiting.resume() }
    }
}
