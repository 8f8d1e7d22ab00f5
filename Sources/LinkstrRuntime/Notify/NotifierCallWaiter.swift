import LinkstrPluginKit

/// The continuation of one `notify` call, retained while the plugin holds it as `user_data`; resumed
/// exactly once, by `done` or by the failed call.
final class NotifierCallWaiter: Sendable {
    private let continuation: CheckedContinuation<Result<Void, PluginError>, Never>

    init(_ continuation: CheckedContinuation<Result<Void, PluginError>, Never>) {
        self.continuation = continuation
    }

    func resume(_ result: Result<Void, PluginError>) {
        continuation.resume(returning: result)
    }
}
