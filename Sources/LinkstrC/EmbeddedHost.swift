import LinkstrRuntime
import Synchronization

/// The object behind a `linkstr_host *` handed to C: the host of a ``LinkstrApp``.
///
/// `classify` may run on any thread while `start` and `stop` (owner-thread calls) create and destroy
/// the plugin instances it uses: the two are kept apart here, and whichever comes second is refused
/// (`LKH_E_BUSY`) rather than let an instance be destroyed under a running call.
final class EmbeddedHost {
    let app: LinkstrApp
    let host: LinkstrHost
    private let activity = Mutex(Activity())

    private struct Activity {
        /// Calls that use the plugin instances, in progress.
        var calls = 0
        /// Whether `start` or `stop` is changing the instances.
        var changing = false
    }

    /// - Parameter app: its host opened already (`host`).
    init(app: LinkstrApp, host: LinkstrHost) {
        self.app = app
        self.host = host
    }

    static func from(_ pointer: OpaquePointer?) -> EmbeddedHost? {
        LiveHandles.object(pointer, as: .host, EmbeddedHost.self)
    }

    /// Runs `body`, a call that uses the plugin instances; nil (without running it) while `start` or
    /// `stop` changes them.
    func usingInstances<Value>(_ body: () -> Value) -> Value? {
        let admitted = activity.withLock { activity in
            if activity.changing { return false }
            activity.calls += 1
            return true
        }
        guard admitted else { return nil }
        defer { activity.withLock { $0.calls -= 1 } }
        return body()
    }

    /// Runs `body`, which creates or destroys plugin instances; false (without running it) while
    /// calls use them.
    func changingInstances(_ body: () -> Void) -> Bool {
        let admitted = activity.withLock { activity in
            if activity.calls > 0 || activity.changing { return false }
            activity.changing = true
            return true
        }
        guard admitted else { return false }
        defer { activity.withLock { $0.changing = false } }
        body()
        return true
    }
}
