import Foundation
import NostrCore

/// Raised once, from any thread, when the unlock agent locked the profile a `watch` runs for: with
/// the task that receives the profile's wraps from then on.
final class LockSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised: Task<[VerifiedEvent], any Error>?

    /// The receiving task, once raised.
    var receiving: Task<[VerifiedEvent], any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    func raise(_ receiving: Task<[VerifiedEvent], any Error>) {
        lock.lock()
        defer { lock.unlock() }
        raised = receiving
    }
}
