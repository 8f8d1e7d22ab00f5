import LinkstrPluginKit
import PluginABI
import Synchronization

/// A host for unit-testing one plugin without the linkstr host: it records log lines and emitted
/// events, answers configuration from a dictionary, has a manual clock, and runs posted jobs only
/// when the test asks (`runPostedJobs()`).
///
/// ```swift
/// let host = FakeHost(pluginID: "org.example.storage.demo", config: ["path": dir + "/db"])
/// let plugin = try host.load(entry: lkh_plugin_entry)           // or host.load(path:)
/// let storage = try plugin.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self)
/// #expect(host.logLines.contains { $0.message.contains("opened") })
/// ```
///
/// Thread rule: all methods are thread-safe.
public final class FakeHost: HostServiceProvider, Sendable {
    public struct LogLine: Equatable, Sendable {
        public var level: PluginHost.LogLevel
        public var message: String

        public init(level: PluginHost.LogLevel, message: String) {
            self.level = level
            self.message = message
        }
    }

    public struct EmittedEvent: Equatable, Sendable {
        public var eventID: String
        public var payload: [UInt8]

        public init(eventID: String, payload: [UInt8]) {
            self.eventID = eventID
            self.payload = payload
        }
    }

    private struct State {
        var config: [String: String]
        var logLines: [LogLine] = []
        var events: [EmittedEvent] = []
        var posted: [@Sendable () -> Void] = []
        var monotonic: UInt64 = 1_000_000_000
        var wallClock: Int64 = 1_700_000_000_000_000_000
        var services: [String: UInt] = [:]  // addresses: raw pointers are not Sendable
    }

    public let pluginID: String
    private let state: Mutex<State>

    public init(pluginID: String = "org.linkstr.test", config: [String: String] = [:]) {
        self.pluginID = pluginID
        self.state = Mutex(State(config: config))
    }

    // MARK: What the test reads and sets

    public var logLines: [LogLine] { state.withLock { $0.logLines } }
    public var emittedEvents: [EmittedEvent] { state.withLock { $0.events } }

    public func setConfig(_ key: String, _ value: String?) {
        state.withLock { $0.config[key] = value }
    }

    /// Moves both clocks forward.
    public func advanceClock(nanoseconds: UInt64) {
        state.withLock {
            $0.monotonic += nanoseconds
            $0.wallClock += Int64(nanoseconds)
        }
    }

    /// Offers a host service (e.g. a signer table) to the plugin. The pointer must stay valid while the
    /// plugin may use it.
    public func offerService(_ serviceID: String, _ table: UnsafeRawPointer) {
        let address = UInt(bitPattern: table)
        state.withLock { $0.services[serviceID] = address }
    }

    /// Runs the jobs the plugin posted, in order, on the calling thread; returns how many ran.
    @discardableResult
    public func runPostedJobs() -> Int {
        let jobs = state.withLock { state in
            defer { state.posted.removeAll() }
            return state.posted
        }
        jobs.forEach { $0() }
        return jobs.count
    }

    // MARK: HostServiceProvider

    public func log(level: PluginHost.LogLevel, message: String) {
        state.withLock { $0.logLines.append(LogLine(level: level, message: message)) }
    }

    public func configValue(for key: String) -> String? {
        state.withLock { $0.config[key] }
    }

    public func monotonicNanoseconds() -> UInt64 { state.withLock { $0.monotonic } }
    public func wallClockNanoseconds() -> Int64 { state.withLock { $0.wallClock } }

    public func emit(eventID: String, payload: [UInt8]) {
        state.withLock { $0.events.append(EmittedEvent(eventID: eventID, payload: payload)) }
    }

    public func post(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.posted.append(job) }
    }

    public func service(_ serviceID: String) -> UnsafeRawPointer? {
        state.withLock { $0.services[serviceID] }.flatMap { UnsafeRawPointer(bitPattern: $0) }
    }
}
