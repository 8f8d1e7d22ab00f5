import Foundation

/// A private session bus (`dbus-run-session`) with the recording notification server of
/// Tests/Support/notification_server.py on it.
public struct NotificationServer {
    public enum Mode: String {
        case records = ""
        case refuses = "--refuse"
        case absent = "--no-server"
    }

    public let helper: ExternalProcess
    public let recordFile: String

    /// The bus address, for `bus_address` or `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String

    public init(in scratch: TestScratch, mode: Mode = .records) throws {
        recordFile = scratch.file("notifications-\(UUID().uuidString.prefix(6)).jsonl")
        var arguments = ["--", try TestPython.interpreter, TestPython.helper("notification_server.py"), "--record", recordFile]
        if mode != .records { arguments.append(mode.rawValue) }
        helper = try ExternalProcess(executable: "/usr/bin/dbus-run-session", arguments, input: .heldOpen)
        address = try helper.readyNow()
    }

    /// Every Notify call the server took, in order.
    public var notifications: [[String: Any]] { TestPython.records(recordFile) }

    /// Emits ActionInvoked for the last notification.
    public func invoke(_ actionKey: String) throws {
        try helper.send("invoke \(actionKey)")
    }

    public func stop() {
        helper.stop()
    }
}
