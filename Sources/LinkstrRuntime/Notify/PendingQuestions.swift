import Synchronization

/// Questions asked through notifications and not answered yet, by notification id: an "allow" or
/// "deny" action, or the time running out, answers each once. Thread-safe.
final class PendingQuestions: Sendable {
    /// The action keys that answer a question.
    static let answers: Set<String> = ["allow", "deny"]

    private let waiting = Mutex<[String: CheckedContinuation<String?, Never>]>([:])

    func wait(for notificationID: String, _ continuation: CheckedContinuation<String?, Never>) {
        waiting.withLock { $0[notificationID] = continuation }
    }

    /// Answers the question of `notificationID` with `actionKey` (nil: no answer); false when there
    /// is no such question waiting.
    @discardableResult
    func answer(_ notificationID: String, with actionKey: String?) -> Bool {
        guard let continuation = waiting.withLock({ $0.removeValue(forKey: notificationID) }) else { return false }
        continuation.resume(returning: actionKey)
        return true
    }
}
