import LinkstrRuntime
import Synchronization

/// A permission prompt that answers from a script and records what it was asked.
final class ScriptedPrompt: BrowserPermissionPrompt {
    private let answer: BrowserAnswer?
    private let asked = Mutex<[BrowserPermission]>([])

    /// Answers a remembered allow or deny, as a notification's buttons do.
    init(answering answer: BrowserDecision?) {
        self.answer = answer.map { BrowserAnswer($0) }
    }

    init(giving answer: BrowserAnswer?) {
        self.answer = answer
    }

    var questions: [BrowserPermission] { asked.withLock { $0 } }

    func ask(_ permission: BrowserPermission) async -> BrowserAnswer? {
        asked.withLock { $0.append(permission) }
        return answer
    }
}

/// A permission prompt whose questions wait until the test answers them all.
final class HeldPrompt: BrowserPermissionPrompt {
    private let held = Mutex<[CheckedContinuation<BrowserAnswer?, Never>]>([])

    var waiting: Int { held.withLock { $0.count } }

    func ask(_ permission: BrowserPermission) async -> BrowserAnswer? {
        await withCheckedContinuation { continuation in held.withLock { $0.append(continuation) } }
    }

    /// Answers every waiting question with `decision`.
    func answer(_ decision: BrowserDecision?) {
        held.withLock { waiting in
            waiting.forEach { $0.resume(returning: decision.map { BrowserAnswer($0) }) }
            waiting.removeAll()
        }
    }
}
