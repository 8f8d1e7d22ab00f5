import Synchronization

/// One stored change, as the open pages hear of it: what kind, in which session.
public struct LiveChange: Sendable, Equatable {
    public var kind: String
    public var session: String

    /// The server-sent event for it.
    var event: String {
        "event: change\ndata: {\"kind\":\"\(kind)\",\"session\":\"\(session)\"}\n\n"
    }
}

/// Hands each change the watch stores to every open event stream (`GET /events`).
///
/// Thread rule: any thread; each subscriber's stream has one consumer.
public final class LiveChanges: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<LiveChange>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    func publish(_ change: LiveChange) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(change) }
    }

    /// The changes from now on, until `finishAll()` or the stream is dropped.
    func subscribe() -> AsyncStream<LiveChange> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: LiveChange.self, bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Ends every stream (the server is stopping: open event streams must not hold it).
    func finishAll() {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
