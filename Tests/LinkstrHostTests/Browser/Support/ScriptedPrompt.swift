import LinkstrRuntime
import Synchronization

/// A permission prompt that answers from a script and records what it was asked.
final class ScriptedPrompt: BrowserPermissionPrompt {
    private let answer: BrowserDecision?
    private let asked = Mutex<[BrowserPermission]>([])

    init(answering answer: BrowserDecision?) {
        self.answer = answer
    }

    var questions: [BrowserPermission] { asked.withLock { $0 } }

    func ask(_ permission: BrowserPermission) async -> BrowserDecision? {
        asked.withLock { $0.append(permission) }
        return answer
    }
}
