/// What a host (the real one, or a test's fake) implements to back an `lkh_host` table.
///
/// Thread rule: every requirement may be called from any thread, concurrently (the ABI declares
/// all host services `[thread-safe]`), so implementations synchronize their own state.
public protocol HostServiceProvider: AnyObject, Sendable {
    /// The id of the plugin this table serves (for log attribution and config scoping).
    var pluginID: String { get }
    func log(level: PluginHost.LogLevel, message: String)
    func configValue(for key: String) -> String?
    func monotonicNanoseconds() -> UInt64
    func wallClockNanoseconds() -> Int64
    func emit(eventID: String, payload: [UInt8])
    func post(_ job: @escaping @Sendable () -> Void)
    func service(_ serviceID: String) -> UnsafeRawPointer?
}
