/// The `urgency` hint of the Desktop Notifications spec (a byte: 0 low, 1 normal, 2 critical).
enum NotificationUrgency: UInt8, Sendable {
    case low = 0
    case normal = 1
    case critical = 2

    init?(name: String) {
        switch name.lowercased() {
        case "low": self = .low
        case "normal": self = .normal
        case "critical": self = .critical
        default: return nil
        }
    }
}
