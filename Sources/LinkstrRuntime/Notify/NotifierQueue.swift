import LinkstrHost

/// The notifications posted for one notifier, delivered one at a time, in order, by a task of its
/// own: a notifier that is slow or never answers delays only its own later notifications (each
/// waits at most the notifier's answer timeout), never the receiving or the other notifiers.
///
/// Thread rule: `post` from any thread; `drain` and `close` are control calls.
final class NotifierQueue: Sendable {
    private let pluginID: String
    private let log: HostLog
    private let input: AsyncStream<NotificationRequest>.Continuation
    private let worker: Task<Void, Never>

    /// How many notifications wait at most; beyond that the oldest is dropped (and logged).
    static let capacity = 256

    /// - Parameter deliver: sends one notification through the notifier (and logs a failure).
    init(pluginID: String, log: HostLog, deliver: @escaping @Sendable (NotificationRequest) async -> Void) {
        self.pluginID = pluginID
        self.log = log
        let (requests, input) = AsyncStream.makeStream(of: NotificationRequest.self, bufferingPolicy: .bufferingNewest(Self.capacity))
        self.input = input
        worker = Task {
            for await request in requests {
                await deliver(request)
            }
        }
    }

    func post(_ request: NotificationRequest) {
        if case .dropped(let oldest) = input.yield(request) {
            log.log(.warn, "notification \(oldest.id) dropped: \(Self.capacity) notifications wait for this notifier", source: pluginID)
        }
    }

    /// Takes no more notifications and waits for those queued, at most `timeout`; then stops
    /// waiting for the one in progress and drops the rest (logged).
    func drain(within timeout: Duration) async {
        input.finish()
        let worker = self.worker
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await worker.value
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? true
            group.cancelAll()
            if !first { worker.cancel() }
            return first
        }
        if !finished {
            log.log(.warn, "notifications still waiting after \(PluginCall.text(timeout)) are not sent", source: pluginID)
        }
    }

    /// Takes no more notifications and drops those queued, without waiting.
    func close() {
        input.finish()
        worker.cancel()
    }
}
