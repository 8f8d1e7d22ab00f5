import Synchronization

/// Collects log lines from any thread.
public final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { lines.withLock { $0.append(line) } }
    public var all: [String] { lines.withLock { $0 } }
}
