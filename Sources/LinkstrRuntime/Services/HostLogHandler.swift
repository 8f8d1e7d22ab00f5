import LinkstrHost
import Logging

/// A swift-log handler that writes to the host's log, at its threshold: what the libraries under
/// the runtime log (the service group) shows where and when linkstr's own messages do.
struct HostLogHandler: LogHandler {
    let hostLog: HostLog
    /// Shown as the message's source.
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    init(_ hostLog: HostLog, label: String) {
        self.hostLog = hostLog
        self.label = label
        logLevel = switch hostLog.threshold {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .warn: .warning
        case .error: .error
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level: HostLog.Level = switch event.level {
        case .trace: .trace
        case .debug: .debug
        case .info, .notice: .info
        case .warning: .warn
        case .error, .critical: .error
        }
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        hostLog.log(level, ([event.message.description] + fields).joined(separator: " "), source: label)
    }
}
