import Foundation
import Synchronization

/// One publish waiting for its done callback; resumed exactly once.
final class PublishWaiter: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<PublishResult, PublishError>, Never>?
        var operationID: UInt64?
        var cancelRequested = false
    }

    private let state = Mutex(State())
    /// The event's id (hex), and the router that passes on the answers that come after done.
    let eventID: String
    let router: RelayClientRouter

    init(eventID: String, router: RelayClientRouter) {
        self.eventID = eventID
        self.router = router
    }

    func wait(with continuation: CheckedContinuation<Result<PublishResult, PublishError>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records the transport's operation id; true when the task was cancelled before it was known
    /// (the caller then cancels the operation).
    func started(_ operationID: UInt64) -> Bool {
        state.withLock { state in
            state.operationID = operationID
            return state.cancelRequested
        }
    }

    /// Notes the cancellation; returns the operation id when the publish has started.
    func requestCancel() -> UInt64? {
        state.withLock { state in
            state.cancelRequested = true
            return state.operationID
        }
    }

    func finish(_ result: Result<PublishResult, PublishError>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }

    /// The transport's result JSON `[{"relay","accepted","message"}]`; empty when unreadable.
    static func answers(_ bytes: [UInt8]) -> [RelayAnswer] {
        (try? JSONDecoder().decode([RelayAnswer].self, from: Data(bytes))) ?? []
    }
}
