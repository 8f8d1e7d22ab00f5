import Synchronization

/// How a ``RemoteSignerClient`` paces its requests so that an ordinary relay's rate limit lets them
/// through: at most `limit` requests wait for answers at once (a sync asks for a decryption per
/// wrap, many at a time), and a relay's `rate-limited:` answer pauses every publish for a back-off
/// that doubles while the relay keeps refusing (and resets once it accepts).
///
/// Thread rule: thread-safe.
final class RemoteSignerPacing: Sendable {
    static let defaultLimit = 4
    static let firstBackOff: Duration = .milliseconds(500)
    static let longestBackOff: Duration = .seconds(8)

    let limit: Int
    private let state = Mutex(State())

    private struct State {
        var inFlight = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var pausedUntil: ContinuousClock.Instant?
        var backOff = RemoteSignerPacing.firstBackOff
        var lastRateLimit: ContinuousClock.Instant?
    }

    init(limit: Int = defaultLimit) {
        self.limit = limit
    }

    /// Waits for a free place among the requests in flight.
    func acquire() async {
        await withCheckedContinuation { continuation in
            let admitted = state.withLock { state in
                guard state.inFlight < limit else {
                    state.waiting.append(continuation)
                    return false
                }
                state.inFlight += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Frees a place (the request was answered or failed); the place goes to the next waiting.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.inFlight -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
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
        state.withLock { $0.backOff = Self.firstBackOff }
    }
}
