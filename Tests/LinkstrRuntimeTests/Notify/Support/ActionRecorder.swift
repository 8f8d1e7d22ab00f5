import PluginABI
import Synchronization

/// An action handler for tests: records each (notification id, action key) the plugin reports.
final class ActionRecorder: Sendable {
    private let actions = Mutex<[[String]]>([])

    var recorded: [[String]] { actions.withLock { $0 } }

    static let callback: lkh_notification_action_fn = { context, notificationID, actionKey in
        let recorder = Unmanaged<ActionRecorder>.fromOpaque(context!).takeUnretainedValue()
        recorder.actions.withLock { $0.append([String(cString: notificationID!), String(cString: actionKey!)]) }
    }
}
