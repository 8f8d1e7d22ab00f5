/// Where the webhook sync stands, kept in the account (`saved sync --status`).
public struct WebhookStatus: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        /// No sync was tried yet.
        case never
        /// The last sync was accepted (2xx).
        case ok
        /// The machine was offline (no route, or the host did not resolve): skipped, tried again later.
        case offline
        /// Every attempt of the last sync failed; tried again after `nextAttempt`.
        case failed
    }

    public var outcome: Outcome = .never
    /// When the webhook last accepted a sync (Unix seconds).
    public var lastSync: Int64?
    /// When a sync was last tried.
    public var lastAttempt: Int64?
    /// How many links the last tried sync had.
    public var sent = 0
    /// Why the last sync failed or was skipped.
    public var error: String?
    /// Syncs that failed in a row (the back-off grows with them).
    public var failures = 0
    /// After a failure or an offline skip: when the background service tries again.
    public var nextAttempt: Int64?

    public init() {}

    func encoded() -> [UInt8] {
        var writer = RecordValueWriter(version: 1)
        writer.string(outcome.rawValue)
        writer.optionalString(lastSync.map(String.init))
        writer.optionalString(lastAttempt.map(String.init))
        writer.int64(Int64(sent))
        writer.optionalString(error)
        writer.int64(Int64(failures))
        writer.optionalString(nextAttempt.map(String.init))
        return writer.bytes
    }

    init(encoded bytes: [UInt8]) throws(RecordValueError) {
        var reader = try RecordValueReader(bytes)
        outcome = Outcome(rawValue: try reader.string()) ?? .never
        lastSync = try reader.optionalString().flatMap { Int64($0) }
        lastAttempt = try reader.optionalString().flatMap { Int64($0) }
        sent = Int(try reader.int64())
        error = try reader.optionalString()
        failures = Int(try reader.int64())
        nextAttempt = try reader.optionalString().flatMap { Int64($0) }
    }
}
