import Synchronization

/// Slows down guessing the bunker link's secret: after `limit` failed connects of new clients
/// within a minute, connects of new clients are ignored until the minute has passed.
///
/// Thread rule: thread-safe.
final class BunkerConnectThrottle: Sendable {
    static let limit = 5
    static let window: Int64 = 60
    /// When each recent failure was (Unix seconds).
    private let failures = Mutex<[Int64]>([])

    func failed(now: Int64) {
        failures.withLock { $0.append(now) }
    }

    func isThrottled(now: Int64) -> Bool {
        failures.withLock { failures in
            failures.removeAll { $0 <= now - Self.window }
            return failures.count >= Self.limit
        }
    }
}
