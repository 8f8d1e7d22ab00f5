import LinkstrRuntime
import Synchronization

/// One stored change, as the open pages hear of it: what kind, in which session. A "save for
/// offline" in progress is a `saving` event with its post and percentage instead (the page moves its
/// progress bar in place); its end is a `saved` change. A change of the relay list (a status) is a
/// `relays` event; `watching` (the app's own watch has caught up) and `following` (another
/// process watches the home, the app reads what it stores) are `watch` events. These concern no
/// session.
public struct LiveChange: Sendable, Equatable {
    public var kind: String
    public var session: String
    public var post: String?
    public var percent: Int?

    init(kind: String, session: String = "", post: String? = nil, percent: Int? = nil) {
        self.kind = kind
        self.session = session
        self.post = post
        self.percent = percent
    }

    init(_ change: StoredChange) {
        self.init(kind: change.kind.rawValue, session: change.session.rawValue)
    }

    /// The server-sent event for it (ids are hex, kinds the app's own: nothing to escape).
    var event: String {
        var data = "{\"kind\":\"\(kind)\",\"session\":\"\(session)\""
        if let post { data += ",\"post\":\"\(post)\"" }
        if let percent { data += ",\"percent\":\(percent)" }
        let name =
            switch kind {
            case "saving": "progress"
            case "relays": "relays"
            case "watching", "following": "watch"
            default: "change"
            }
        return "event: \(name)\ndata: \(data)}\n\n"
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
