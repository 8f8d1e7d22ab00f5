import Dispatch
import Glibc
import LinkstrPluginKit

/// The real host services behind one plugin instance's `lkh_host` table: its config section, the
/// host log, clocks, the executor and optional services. Thread-safe (immutable after init).
final class HostServices: HostServiceProvider, @unchecked Sendable {
    let pluginID: String
    private let settings: [String: String]
    private let hostSettings: [String: String]
    private let log: HostLog
    private let services: [String: UnsafeRawPointer]
    private let onEvent: @Sendable (String, String, [UInt8]) -> Void

    init(
        pluginID: String, settings: [String: String], hostSettings: [String: String], log: HostLog,
        services: [String: UnsafeRawPointer], onEvent: @escaping @Sendable (String, String, [UInt8]) -> Void
    ) {
        self.pluginID = pluginID
        self.settings = settings
        self.hostSettings = hostSettings
        self.log = log
        self.services = services
        self.onEvent = onEvent
    }

    func log(level: PluginHost.LogLevel, message: String) {
        log.log(level, message, source: pluginID)
    }

    func configValue(for key: String) -> String? {
        key.hasPrefix("host.") ? hostSettings[String(key.dropFirst(5))] : settings[key]
    }

    func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    func wallClockNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    func emit(eventID: String, payload: [UInt8]) {
        onEvent(pluginID, eventID, payload)
    }

    func post(_ job: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: job)
    }

    func service(_ serviceID: String) -> UnsafeRawPointer? {
        services[serviceID]
    }
}
