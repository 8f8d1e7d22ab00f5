import PluginABI

/// A plugin's view of the host services table (`lkh_host`) it received in `create`.
///
/// Thread rule: every method is safe to call from any thread, as the ABI declares every host service
/// `[thread-safe]`. The table is owned by the host and valid until the instance's `destroy` returns.
public struct PluginHost: @unchecked Sendable {
    public let table: UnsafePointer<lkh_host>

    public init(_ table: UnsafePointer<lkh_host>) {
        self.table = table
    }

    public enum LogLevel: Int32, Sendable {
        case trace = 0, debug, info, warn, error
    }

    /// Logs one line, attributed to this plugin by the host.
    public func log(_ level: LogLevel, _ message: String) {
        table.pointee.log?(table, level.rawValue, message)
    }

    /// The value of `key` in this plugin's configuration section, or of a host-wide `host.*` key.
    public func config(_ key: String) -> String? {
        guard let configGet = table.pointee.config_get else { return nil }
        return CStringBuffer.read { buffer, capacity in
            configGet(table, key, buffer, capacity)
        }
    }

    public var monotonicNanoseconds: UInt64 {
        table.pointee.monotonic_ns?(table) ?? 0
    }

    public var wallClockNanoseconds: Int64 {
        table.pointee.wall_clock_ns?(table) ?? 0
    }

    /// Bytes from the host's CSPRNG.
    public func randomBytes(_ count: Int) throws(PluginError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard let random = table.pointee.random_bytes else {
            throw PluginError(.unsupported, "the host offers no random_bytes service")
        }
        let status = bytes.withUnsafeMutableBufferPointer { random(table, $0.baseAddress, count) }
        guard status == LKH_OK else { throw PluginError(LKHStatus(rawValue: status), "random_bytes failed") }
        return bytes
    }

    /// Publishes an event on the host's event bus.
    public func emit(_ eventID: String, payload: [UInt8]) {
        payload.withUnsafeBufferPointer { buffer in
            table.pointee.emit_event?(table, eventID, lkh_bytes(data: buffer.baseAddress, len: buffer.count))
        }
    }

    /// An optional host service, or nil when the host does not offer it.
    public func service(_ serviceID: String) -> UnsafeRawPointer? {
        table.pointee.get_service?(table, serviceID)
    }
}
