import Foundation

/// Raised once, from any thread, when the unlock agent locked the profile a `watch` runs for.
final class LockSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    func raise() {
        lock.lock()
        defer { lock.unlock() }
        raised = true
    }
}
