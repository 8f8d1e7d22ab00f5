import Dispatch
import Foundation
import LinkstrPluginKit
import PluginABI
import Synchronization

/// What a notifier plugin's `void *instance` points to: the notifier and its deliveries in flight.
///
/// Each `notify` gets an operation id and a thread of its own that runs `Notifier.deliver` and then
/// calls the host's `done`. `cancel` fires that delivery's `DeliveryCancellation`; `destroy` cancels
/// every delivery, waits until each has called `done`, and then shuts the notifier down.
///
/// Thread rules: `notify` and `cancel` are thread-safe; `probe`, `setActionHandler` and `destroy`
/// run on the host's control thread.
public final class NotifierInstance: Sendable {
    private struct State {
        var nextOperationID: UInt64 = 1
        var inFlight: [UInt64: DeliveryCancellation] = [:]
        var closed = false
    }

    public let notifier: any Notifier
    private let state = Mutex(State())
    private let deliveries = DispatchGroup()

    public init(_ notifier: any Notifier) {
        self.notifier = notifier
    }

    /// The instance behind a pointer `create` returned.
    static func borrow(_ pointer: UnsafeMutableRawPointer?) -> NotifierInstance {
        InstanceBox.borrow(pointer, as: NotifierInstance.self)
    }

    /// The plugin's `create`: makes the notifier from the host table and hands out the instance
    /// pointer, or writes the notifier's error (a setting it cannot use) into `error`.
    public static func create(
        host: UnsafePointer<lkh_host>?, instance: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        error: UnsafeMutablePointer<lkh_error>?, make: (PluginHost) throws(PluginError) -> any Notifier
    ) -> lkh_status {
        guard let host, let instance else {
            LKHErrorSlot.write(error, .invalid, "create was called without a host table or an instance slot")
            return LKH_E_INVALID
        }
        do throws(PluginError) {
            instance.pointee = InstanceBox.retain(NotifierInstance(try make(PluginHost(host))))
            return LKH_OK
        } catch let failure {
            LKHErrorSlot.write(error, failure.status, failure.message)
            return failure.status.rawValue
        }
    }

    /// The plugin's `destroy`: cancels and drains the deliveries, shuts the notifier down, and drops
    /// the reference `create` handed out.
    public static func destroy(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        borrow(pointer).close()
        InstanceBox.release(pointer, as: NotifierInstance.self)
    }

    /// Starts delivering `message` on a new thread; `completion` runs there when it is done.
    func notify(_ message: NotificationMessage, completion: DeliveryCompletion) throws(PluginError) -> UInt64 {
        let cancellation = DeliveryCancellation()
        let operationID = try state.withLock { state throws(PluginError) -> UInt64 in
            guard !state.closed else { throw PluginError(.cancelled, "the notifier is shutting down") }
            let id = state.nextOperationID
            state.nextOperationID += 1
            state.inFlight[id] = cancellation
            return id
        }
        deliveries.enter()
        let notifier = self.notifier
        Thread.detachNewThread { [self] in
            var failure: PluginError?
            do throws(PluginError) {
                try notifier.deliver(message, cancellation: cancellation)
            } catch {
                failure = cancellation.isCancelled ? PluginError(.cancelled, "cancelled: \(error.message)") : error
            }
            _ = state.withLock { $0.inFlight.removeValue(forKey: operationID) }
            completion.finish(failure)
            deliveries.leave()
        }
        return operationID
    }

    /// Best-effort cancel of one delivery; unknown or finished ids are ignored.
    func cancel(_ operationID: UInt64) {
        state.withLock { $0.inFlight[operationID] }?.cancel()
    }

    private func close() {
        let running = state.withLock { state in
            state.closed = true
            return Array(state.inFlight.values)
        }
        running.forEach { $0.cancel() }
        deliveries.wait()
        notifier.shutdown()
    }
}
