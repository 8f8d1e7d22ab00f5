import Glibc
import LinkstrPluginKit
import Synchronization

/// The host's log: one line per message on stderr, `linkstr: <level>: [<plugin>] <message>`, at or above
/// a level (`log_level` in config.toml, or `LINKSTR_LOG`; default `warn`). Messages carry text from
/// relays and servers, so their controls are shown, not interpreted (`PrintableText`). Thread-safe.
public final class HostLog: Sendable {
    public let threshold: PluginHost.LogLevel
    private let sink: Mutex<(@Sendable (String) -> Void)?>

    public init(threshold: PluginHost.LogLevel, sink: (@Sendable (String) -> Void)? = nil) {
        self.threshold = threshold
        self.sink = Mutex(sink)
    }

    /// The level names, lowest first (`warning` is also accepted for `warn`).
    public static let levelNames = ["trace", "debug", "info", "warn", "error"]

    /// Parses a level name (`trace`, `debug`, `info`, `warn`, `error`).
    public static func level(named name: String?) -> PluginHost.LogLevel? {
        switch name?.lowercased() {
        case "trace": .trace
        case "debug": .debug
        case "info": .info
        case "warn", "warning": .warn
        case "error": .error
        default: nil
        }
    }

    public func log(_ level: PluginHost.LogLevel, _ message: String, source: String? = nil) {
        guard level.rawValue >= threshold.rawValue else { return }
        let name = Self.levelNames[Int(level.rawValue)]
        let line = "linkstr: \(name): " + PrintableText.escaped((source.map { "[\($0)] " } ?? "") + message)
        if let write = sink.withLock({ $0 }) {
            write(line)
        } else {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
