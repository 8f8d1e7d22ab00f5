import Foundation
import LinkstrRuntime
import Synchronization

/// The browser helper's questions while the app is open: `linkstr browser host` sends a site's
/// request to the app (``BrowserQuestionServer``) instead of showing a desktop notification, and
/// the question waits on the signer page for allow once, always, or deny. A question nobody
/// answers within ``AppPermissionPrompt/answerTimeout`` is unanswered, as a notification's is.
///
/// Thread rule: any thread; a new question is announced on every page (a `question` change), an
/// answered one refreshes the signer page.
final class BrowserHelperDesk: Sendable {
    /// A site's question, waiting for an answer.
    struct Question: Sendable {
        /// Random, for the answer's form.
        var id: String
        var permission: BrowserPermission
        var askedAt: Int64
    }

    private struct State {
        var server: BrowserQuestionServer?
        var questions: [(question: Question, answer: CheckedContinuation<BrowserAnswer?, Never>)] = []
    }

    private let state = Mutex(State())
    private let live: LiveChanges

    init(live: LiveChanges) {
        self.live = live
    }

    var questions: [Question] { state.withLock { $0.questions.map { $0.question } } }

    /// Takes the browser helper's questions at `address` (unless another app of this home does);
    /// a failure is said on stderr, and the helper keeps asking with notifications.
    func start(at address: UnlockAgentAddress) {
        do throws(LinkstrError) {
            let server = try BrowserQuestionServer.start(at: address) { [weak self] permission in await self?.ask(permission) }
            state.withLock { $0.server = server }
        } catch {
            FileHandle.standardError.write(Data("linkstr: the browser helper's questions are not asked in the app: \(error.description)\n".utf8))
        }
    }

    /// Stops taking questions; the waiting ones are unanswered.
    func stop() {
        let (server, questions) = state.withLock { state in
            defer {
                state.server = nil
                state.questions = []
            }
            return (state.server, state.questions)
        }
        server?.stop()
        for waiting in questions { waiting.answer.resume(returning: nil) }
    }

    /// The person's answer; false when the question is no longer waiting.
    func answer(_ id: String, _ answer: BrowserAnswer?) -> Bool {
        let waiting = state.withLock { state in
            state.questions.firstIndex { $0.question.id == id }.map { state.questions.remove(at: $0) }
        }
        guard let waiting else { return false }
        waiting.answer.resume(returning: answer)
        live.publish(LiveChange(kind: "signer", session: SignerDesk.liveName))
        return true
    }

    private func ask(_ permission: BrowserPermission) async -> BrowserAnswer? {
        let question = Question(id: UUID().uuidString.lowercased(), permission: permission, askedAt: Int64(Date().timeIntervalSince1970))
        let timeout = Task { [weak self] in
            guard (try? await Task.sleep(for: AppPermissionPrompt.answerTimeout)) != nil else { return }
            _ = self?.answer(question.id, nil)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            state.withLock { $0.questions.append((question, continuation)) }
            live.publish(LiveChange(kind: "question", session: SignerDesk.liveName))
        }
    }
}
