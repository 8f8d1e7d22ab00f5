import Synchronization

/// Hands every value sent to each listener that is listening then: each call of ``listen()`` is a
/// stream of its own, from that moment on, buffered until its reader takes the values. A stream ends
/// when the broadcast finishes or its reader stops.
///
/// Thread rule: thread-safe.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var listeners: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let state = Mutex(State())

    func listen() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            defer { state.nextID += 1 }
            state.listeners[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ value: Element) {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield(value) }
    }

    func finish() {
        let listeners = state.withLock { state in
            state.finished = true
            defer { state.listeners.removeAll() }
            return Array(state.listeners.values)
        }
        listeners.forEach { $0.finish() }
    }
}
