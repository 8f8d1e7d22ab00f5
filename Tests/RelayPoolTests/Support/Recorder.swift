import LinkstrHost
import LinkstrRuntime
import Synchronization

/// Reads an `AsyncStream` on a background task and keeps everything it delivered, so that a test
/// can wait for conditions on it in several steps (an `AsyncStream` has one consumer, and
/// cancelling that consumer ends the stream).
final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init<Stream: AsyncSequence & Sendable>(_ stream: Stream) where Stream.Element == Element, Stream.Failure == Never {
        let reader = Task { [weak self] in
            for await item in stream { self?.items.withLock { $0.append(item) } }
        }
        task.withLock { $0 = reader }
    }

    var all: [Element] { items.withLock { $0 } }

    /// Waits until `condition` holds for everything recorded so far; returns that.
    @discardableResult
    func wait(_ what: String, timeout: Duration = .seconds(10), until condition: @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await waitFor(what, timeout: timeout) { condition(self.all) }
        return all
    }

    deinit {
        task.withLock { $0?.cancel() }
    }
}

extension Recorder where Element == SubscriptionMessage {
    var events: [ReceivedEvent] { all.compactMap(\.receivedEvent) }

    /// EOSEs per relay.
    func endOfStoredEventsCount(from relay: String) -> Int {
        all.filter { $0 == .endOfStoredEvents(relay: relay) }.count
    }
}
