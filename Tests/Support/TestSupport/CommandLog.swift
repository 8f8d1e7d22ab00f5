import Synchronization

/// The `linkstr` commands a test ran (their argument lists, in order), for a suite that checks which
/// commands it exercised: `ProcessRunner.linkstr` adds each command to the log of the running task.
public final class CommandLog: Sendable {
    @TaskLocal public static var current: CommandLog?

    private let entries = Mutex<[[String]]>([])

    public init() {}

    public var commands: [[String]] { entries.withLock { $0 } }

    public func record(_ arguments: [String]) {
        entries.withLock { $0.append(arguments) }
    }

    /// Runs `body` with a new log as `current` and returns that log.
    public static func recording(_ body: () async throws -> Void) async rethrows -> CommandLog {
        let log = CommandLog()
        try await $current.withValue(log) { try await body() }
        return log
    }
}
