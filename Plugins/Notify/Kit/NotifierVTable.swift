import LinkstrPluginKit
import PluginABI

/// The `lkh_notifier_v1` tables of Swift notifier plugins; every function forwards to the
/// `NotifierInstance` behind the instance pointer and turns Swift errors into status codes, so that
/// nothing unwinds across the ABI.
public enum NotifierVTable {
    /// For notifiers without actions (`set_action_handler` is NULL).
    public static var plain: UnsafeRawPointer { UnsafeRawPointer(plainTable) }

    /// For notifiers that implement `ActionNotifier`.
    public static var withActions: UnsafeRawPointer { UnsafeRawPointer(actionTable) }
}

nonisolated(unsafe) private let plainTable: UnsafePointer<lkh_notifier_v1> = makeTable(actions: false)
nonisolated(unsafe) private let actionTable: UnsafePointer<lkh_notifier_v1> = makeTable(actions: true)

private func makeTable(actions: Bool) -> UnsafePointer<lkh_notifier_v1> {
    let table = UnsafeMutablePointer<lkh_notifier_v1>.allocate(capacity: 1)
    table.initialize(to: lkh_notifier_v1())
    table.pointee.struct_size = UInt32(MemoryLayout<lkh_notifier_v1>.size)
    table.pointee.probe = { instance, slot in
        do throws(PluginError) {
            try NotifierInstance.borrow(instance).notifier.probe()
            return LKH_OK
        } catch {
            LKHErrorSlot.write(slot, error.status, error.message)
            return error.status.rawValue
        }
    }
    table.pointee.notify = { instance, notification, done, userData, operationID, slot in
        guard let done else {
            LKHErrorSlot.write(slot, .invalid, "notify was called without a done callback")
            return LKH_E_INVALID
        }
        do throws(PluginError) {
            let message = try NotificationMessage(copying: notification)
            let id = try NotifierInstance.borrow(instance).notify(
                message, completion: DeliveryCompletion(done: done, userData: userData))
            operationID?.pointee = id
            return LKH_OK
        } catch {
            LKHErrorSlot.write(slot, error.status, error.message)
            return error.status.rawValue
        }
    }
    table.pointee.cancel = { instance, operationID in
        NotifierInstance.borrow(instance).cancel(operationID)
    }
    if actions {
        table.pointee.set_action_handler = { instance, function, context, slot in
            guard let notifier = NotifierInstance.borrow(instance).notifier as? any ActionNotifier else {
                LKHErrorSlot.write(slot, .unsupported, "this notifier has no actions")
                return LKH_E_UNSUPPORTED
            }
            notifier.setActionHandler(function.map { NotificationActionHandler(function: $0, context: context) })
            return LKH_OK
        }
    }
    return UnsafePointer(table)
}
