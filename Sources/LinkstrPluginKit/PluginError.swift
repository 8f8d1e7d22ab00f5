import PluginABI

/// An error that crossed the plugin ABI: a status code and the message the other side wrote.
public struct PluginError: Error, Equatable, Sendable, CustomStringConvertible {
    public var status: LKHStatus
    public var message: String

    public init(_ status: LKHStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// Reads a status and the message of an `lkh_error` slot filled by the other side.
    public init(status: lkh_status, error: UnsafePointer<lkh_error>?) {
        self.status = LKHStatus(rawValue: status)
        self.message = error.map { LKHErrorSlot.message(of: $0) } ?? ""
    }

    public var description: String {
        message.isEmpty ? "\(status)" : message
    }
}
