import Dispatch
import LinkstrPluginKit
import PluginABI
import Synchronization

/// One instance of a notifier plugin (`org.linkstr.notifier/1`) as Swift: probed, given an action
/// handler, called with `notify` on a thread of its own (a `notify` that blocks holds that thread,
/// not the caller's), and destroyed once no call runs inside it.
///
/// Thread rule: thread-safe.
public final class NotifierPlugin: Sendable {
    /// What a probe found.
    public enum ProbeOutcome: Sendable {
        /// It answered that it can deliver now (or it has no probe).
        case available
        /// It answered that it cannot deliver now, and why.
        case unavailable(PluginError)
        /// It did not answer in time; the instance is left as it is (a call is still inside it).
        case noAnswer
    }

    public var pluginID: String { capability.pluginID }
    private let capability: Capability<lkh_notifier_v1>
    private let queue: DispatchQueue
    private let gate = NotifierGate()
    /// The action handler, kept alive while the notifier may call it.
    private let handler = Mutex<ActionHandlerBox?>(nil)

    /// Creates an instance of `plugin` with the host's services for it.
    ///
    /// - Throws: `PluginError` when the instance or its notifier vtable cannot be created.
    public convenience init(_ plugin: LoadedPlugin, host: LinkstrHost) throws(PluginError) {
        let instance = try PluginInstance(descriptor: plugin.descriptor, provider: host.services(for: plugin.id))
        self.init(capability: try instance.capability(CapabilityID.notifier, as: lkh_notifier_v1.self))
    }

    init(capability: Capability<lkh_notifier_v1>) {
        self.capability = capability
        queue = DispatchQueue(label: "linkstr.notify." + capability.pluginID)
    }

    /// Runs the plugin's `probe` on a thread of its own and waits at most `timeout` for it: a probe
    /// that never returns must not hold the caller.
    public func probe(timeout: Duration) -> ProbeOutcome {
        guard let probe = capability.vtable.pointee.probe else { return .available }
        let answer = ProbeAnswer()
        let capability = self.capability
        DispatchQueue.global().async {
            var error = LKHErrorSlot.make()
            let status = probe(capability.rawInstance, &error)
            answer.set(status == LKH_OK ? nil : PluginError(status: status, error: &error))
        }
        guard answer.answered.wait(timeout: .now() + timeout.dispatchInterval) == .success else { return .noAnswer }
        return answer.error.map { .unavailable($0) } ?? .available
    }

    /// Whether the plugin takes an action handler (it has buttons or reports clicks).
    public var takesActions: Bool { capability.vtable.pointee.set_action_handler != nil }

    /// Installs `handler` for the clicks on this notifier's notifications.
    ///
    /// - Throws: `PluginError` when the plugin refuses it (or takes none, see ``takesActions``).
    public func setActionHandler(_ handler: any NotificationActionHandler) throws(PluginError) {
        guard let setHandler = capability.vtable.pointee.set_action_handler else {
            throw PluginError(.unsupported, "plugin '\(pluginID)' takes no action handler")
        }
        let box = ActionHandlerBox(handler)
        var error = LKHErrorSlot.make()
        let status = setHandler(capability.rawInstance, ActionHandlerBox.callback, Unmanaged.passUnretained(box).toOpaque(), &error)
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
        self.handler.withLock { $0 = box }
    }

    /// Delivers `message` through the plugin's `notify` (started on the notifier's thread) and waits
    /// for its `done`, at most `deadline`.
    public func notify(_ message: NotificationMessage, deadline: Duration, log: HostLog) async -> Result<Void, PluginError> {
        guard let notify = capability.vtable.pointee.notify else {
            return .failure(PluginError(.unsupported, "plugin '\(pluginID)' has no notify function"))
        }
        let call = PluginCall(pluginID: pluginID, function: "notify", role: "notifier '\(pluginID)'", deadline: deadline, log: log)
        let capability = self.capability
        let gate = self.gate
        do {
            _ = try await call.run(on: queue, cancel: { operation in capability.vtable.pointee.cancel?(capability.rawInstance, operation) }) {
                userData, done, _, operationID, error in
                guard gate.enter() else {
                    LKHErrorSlot.write(error, .cancelled, "the notification dispatcher is stopped")
                    return LKH_E_CANCELLED
                }
                defer { gate.leave() }
                return message.lending { notification in
                    notify(capability.rawInstance, notification, done, userData, operationID, error)
                }
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Lets no more `notify` calls in and, once the calls inside have returned (within `timeout`),
    /// removes the action handler and destroys the instance. False when a call is still inside: the
    /// instance is then left as it is, not destroyed.
    public func destroy(waiting timeout: Duration) -> Bool {
        guard gate.close(waiting: timeout) else { return false }
        // A call's return is handled on the queue after the plugin's function left the gate (a
        // misbehaviour is logged there): that ends before the instance goes and the process with it.
        queue.sync {}
        if handler.withLock({ $0 }) != nil, let setHandler = capability.vtable.pointee.set_action_handler {
            var error = LKHErrorSlot.make()
            _ = setHandler(capability.rawInstance, nil, nil, &error)
        }
        capability.instance.destroy()
        handler.withLock { $0 = nil }
        return true
    }
}

/// An action handler behind the context pointer the notifier calls it with.
private final class ActionHandlerBox: Sendable {
    let handler: any NotificationActionHandler

    init(_ handler: any NotificationActionHandler) {
        self.handler = handler
    }

    /// The `lkh_notification_action_fn`, with an unretained box as context.
    static let callback: lkh_notification_action_fn = { context, notificationID, actionKey in
        guard let context, let notificationID, let actionKey else { return }
        Unmanaged<ActionHandlerBox>.fromOpaque(context).takeUnretainedValue().handler
            .handle(notificationID: String(cString: notificationID), actionKey: String(cString: actionKey))
    }
}

/// What a notifier's probe answered, handed over from the thread it ran on.
private final class ProbeAnswer: Sendable {
    private let failure = Mutex<PluginError?>(nil)
    let answered = DispatchSemaphore(value: 0)

    /// The probe's failure; nil when it succeeded (read after `answered`).
    var error: PluginError? { failure.withLock { $0 } }

    func set(_ error: PluginError?) {
        failure.withLock { $0 = error }
        answered.signal()
    }
}
