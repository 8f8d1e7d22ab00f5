import Dispatch
import Synchronization

/// Runs async runtime work for a C caller, whose thread waits until it is done. The caller's thread
/// is never one of Swift's cooperative threads (linkstr.h says so), so waiting there starves nothing.
enum BlockingCall {
    static func wait<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
        let slot = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            slot.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return slot.value.withLock { $0! }
    }

    /// Where the task leaves its value for the waiting thread.
    private final class Slot<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }
}
