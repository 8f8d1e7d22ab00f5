import Foundation
import LinkstrRuntime
import Synchronization

/// linkstr as a bunker, run by the app: the ``Bunker`` while it serves, and the new clients'
/// questions waiting for the person's answer on the signer page (allow once, always, or deny). A
/// question nobody answers within ``Bunker/approvalTimeout`` is a no, as on the terminal.
///
/// Thread rule: any thread; every change is told to the open pages as a `signer` change.
final class SignerDesk: Sendable {
    /// A new client's question, waiting for an answer.
    struct Question: Sendable {
        /// Random, for the answer's form (not the client's key: a question is answered once).
        var id: String
        var request: BunkerConnectRequest
        var askedAt: Int64
    }

    private struct State {
        var serving: Task<Void, Never>?
        var bunker: Bunker?
        var listening = false
        /// Why the bunker stopped by itself (it could not listen).
        var problem: String?
        var questions: [(question: Question, answer: CheckedContinuation<BunkerApproval?, Never>)] = []
    }

    private let state = Mutex(State())
    private let live: LiveChanges

    init(live: LiveChanges) {
        self.live = live
    }

    /// The bunker while it serves.
    var bunker: Bunker? { state.withLock { $0.bunker } }
    /// It answers requests: a relay has its subscription.
    var isListening: Bool { state.withLock { $0.listening } }
    var problem: String? { state.withLock { $0.problem } }
    var questions: [Question] { state.withLock { $0.questions.map { $0.question } } }

    /// Starts serving `account`'s key on its `[signer]` relays (else the account's); does nothing
    /// when it serves already.
    func start(_ account: OpenedAccount) throws(LinkstrError) {
        guard state.withLock({ $0.bunker == nil }) else { return }
        let bunker = try Bunker(
            account: account, approve: { [weak self] request in await self?.ask(request) },
            report: { [weak self] activity in self?.heard(activity) })
        let serving = Task { [weak self] in
            do throws(LinkstrError) {
                try await bunker.run()
            } catch {
                self?.stopped(because: error.description)
            }
        }
        state.withLock { state in
            state.bunker = bunker
            state.serving = serving
            state.listening = false
            state.problem = nil
        }
        changed()
    }

    /// Stops serving (the request being answered is finished); the waiting questions are a no.
    func stop() async {
        let (serving, questions) = state.withLock { state in
            defer {
                state.serving = nil
                state.bunker = nil
                state.listening = false
                state.questions = []
            }
            return (state.serving, state.questions)
        }
        for waiting in questions { waiting.answer.resume(returning: .deny) }
        serving?.cancel()
        await serving?.value
        changed()
    }

    /// The person's answer to a question; false when it is no longer waiting (answered, timed out, or the bunker stopped).
    func answer(_ id: String, _ approval: BunkerApproval) -> Bool {
        let waiting = state.withLock { state in
            state.questions.firstIndex { $0.question.id == id }.map { state.questions.remove(at: $0) }
        }
        guard let waiting else { return false }
        waiting.answer.resume(returning: approval)
        changed()
        return true
    }

    private func ask(_ request: BunkerConnectRequest) async -> BunkerApproval? {
        let id = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
        let question = Question(id: id, request: request, askedAt: Int64(Date().timeIntervalSince1970))
        let timeout = Task { [weak self] in
            guard (try? await Task.sleep(for: Bunker.approvalTimeout)) != nil else { return }
            _ = self?.answer(id, .deny)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            let asked = state.withLock { state in
                guard state.bunker != nil else { return false }
                state.questions.append((question, continuation))
                return true
            }
            guard asked else { return continuation.resume(returning: .deny) }
            changed(question: true)
        }
    }

    private func heard(_ activity: BunkerActivity) {
        if case .listening = activity { state.withLock { $0.listening = true } }
        changed()
    }

    private func stopped(because problem: String) {
        let questions = state.withLock { state in
            defer {
                state.bunker = nil
                state.serving = nil
                state.listening = false
                state.questions = []
                state.problem = problem
            }
            return state.questions
        }
        for waiting in questions { waiting.answer.resume(returning: .deny) }
        changed()
    }

    /// The open pages refresh what they show of the bunker; a new question (`question`) is announced on every page.
    private func changed(question: Bool = false) {
        live.publish(LiveChange(kind: question ? "question" : "signer", session: SignerDesk.liveName))
    }

    /// The name of the signer page's live region (`data-live`), which the change names as its session.
    static let liveName = "signer"
}
