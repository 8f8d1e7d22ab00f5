import Dispatch
import Synchronization

/// A value handed from one thread to another exactly once: the first `fulfil` wins, `wait` blocks
/// until there is a value.
///
/// Thread rule: every method is thread-safe; several threads may fulfil, one thread waits.
public final class Rendezvous<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    public init() {}

    /// Stores `newValue` unless a value is already there. Returns whether it was stored.
    @discardableResult
    public func fulfil(_ newValue: Value) -> Bool {
        let stored = value.withLock { current in
            guard current == nil else { return false }
            current = newValue
            return true
        }
        if stored { ready.signal() }
        return stored
    }

    /// Blocks until a value is there and returns it.
    public func wait() -> Value {
        ready.wait()
        ready.signal()  // later waits return at once
        return value.withLock { $0! }
    }
}
