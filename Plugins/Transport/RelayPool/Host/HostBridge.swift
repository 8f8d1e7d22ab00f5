import Glibc
import LinkstrPluginKit
import PluginABI
import Synchronization

/// Every call from the relay pool into the host goes through this bridge: the host services table,
/// the sink the host installed, done callbacks and the signer service.
///
/// After ``close()`` returns the bridge calls nothing of the host's, which is what `destroy` promises.
/// Calls already in flight when `close()` starts are waited for; calls may nest (a sink callback may
/// call into the pool, which may log), so the bridge counts callers instead of holding a lock while it
/// calls the host.
///
/// Thread rule: every method is thread-safe. Callers must hold none of the pool's locks, because the
/// host may call back into the pool from inside a callback.
final class HostBridge: Sendable {
    let host: PluginHost
    private let gate = Mutex(Gate())
    private let sink = Mutex<TransportSink?>(nil)

    private struct Gate {
        var closed = false
        var active = 0
    }

    init(host: PluginHost) {
        self.host = host
    }

    // MARK: Lifetime

    /// Installs the host's sink (once, before anything is connected).
    func install(_ table: TransportSink) {
        sink.withLock { $0 = table }
    }

    var hasSink: Bool { sink.withLock { $0 != nil } }

    /// Stops all further calls into the host and waits until the calls in flight have returned.
    func close() {
        gate.withLock { $0.closed = true }
        while gate.withLock({ $0.active > 0 }) {
            usleep(500)
        }
    }

    /// Runs `body` unless the bridge is closed; returns nil when it did not run.
    @discardableResult
    private func whileOpen<Result>(_ body: () -> Result) -> Result? {
        let entered = gate.withLock { gate -> Bool in
            guard !gate.closed else { return false }
            gate.active += 1
            return true
        }
        guard entered else { return nil }
        defer { gate.withLock { $0.active -= 1 } }
        return body()
    }

    // MARK: Host services

    func log(_ level: PluginHost.LogLevel, _ message: String) {
        whileOpen { host.log(level, message) }
    }

    /// Seconds since the Unix epoch by the host's clock.
    var unixTime: Int64 {
        host.wallClockNanoseconds / 1_000_000_000
    }

    /// The host's signer service, or nil when the host offers none (or an older, shorter table).
    func signer() -> UnsafePointer<lkh_signer_v1>? {
        whileOpen { () -> UnsafePointer<lkh_signer_v1>? in
            guard let raw = host.service(LKH_SERVICE_SIGNER_V1) else { return nil }
            let table = raw.assumingMemoryBound(to: lkh_signer_v1.self)
            guard StructSize.contains(table.pointee.struct_size, \lkh_signer_v1.sign_event),
                table.pointee.sign_event != nil
            else { return nil }
            return table
        } ?? nil
    }

    /// Starts `sign_event` on the host's signer; `done` follows the ABI's rules.
    func startSigning(
        _ table: UnsafePointer<lkh_signer_v1>, unsignedEventJSON: [UInt8], done: lkh_done_fn,
        userData: UnsafeMutableRawPointer?
    ) -> PluginError? {
        whileOpen { () -> PluginError? in
            var error = LKHErrorSlot.make()
            let status = unsignedEventJSON.withUnsafeBufferPointer { buffer in
                table.pointee.sign_event!(host.table, lkh_bytes(data: buffer.baseAddress, len: buffer.count), done, userData, &error)
            }
            return status == LKH_OK ? nil : PluginError(status: status, error: &error)
        } ?? PluginError(.cancelled, "the transport is shutting down")
    }

    // MARK: The sink

    /// Hands one event to the host. Returns the host's answer (`.busy` asks to slow down), or
    /// `.cancelled` when the bridge is closed.
    func deliverEvent(relay: String, subscriptionID: String, event: ArraySlice<UInt8>) -> LKHStatus {
        whileOpen { () -> LKHStatus in
            guard let table = sink.withLock({ $0 })?.table, let onEvent = table.on_event else { return .ok }
            let status = event.withUnsafeBufferPointer { buffer in
                onEvent(table.ctx, relay, subscriptionID, lkh_bytes(data: buffer.baseAddress, len: buffer.count))
            }
            return LKHStatus(rawValue: status)
        } ?? .cancelled
    }

    func endOfStoredEvents(relay: String, subscriptionID: String) {
        withSink { table in table.on_eose?(table.ctx, relay, subscriptionID) }
    }

    func closed(relay: String, subscriptionID: String, message: String) {
        withSink { table in table.on_closed?(table.ctx, relay, subscriptionID, message) }
    }

    func relayStatus(relay: String, status: RelayStatus, error: String?) {
        withSink { table in
            if let error {
                table.on_relay_status?(table.ctx, relay, status.code, error)
            } else {
                table.on_relay_status?(table.ctx, relay, status.code, nil)
            }
        }
    }

    func notice(relay: String, message: String) {
        withSink { table in table.on_notice?(table.ctx, relay, message) }
    }

    /// Whether the host's sink takes answers that come after a publish's done (ABI 1.3); without it a
    /// publish's done waits for every relay that has the event.
    var takesLateAnswers: Bool { sink.withLock { $0?.table.on_publish_answer != nil } }

    func publishAnswer(_ answer: PublishAnswer, eventID: String) {
        withSink { table in table.on_publish_answer?(table.ctx, answer.relay, eventID, answer.accepted ? 1 : 0, answer.message) }
    }

    private func withSink(_ body: (lkh_transport_sink) -> Void) {
        whileOpen {
            guard let table = sink.withLock({ $0 })?.table else { return }
            body(table)
        }
    }

    // MARK: Completions

    /// Calls an operation's done function exactly as the ABI describes: `err` only on failure, the
    /// result as owned bytes the host releases. Runs only before ``close()``; the pool completes
    /// every pending operation before it closes the bridge.
    func complete(_ callback: DoneCallback, status: LKHStatus, message: String, result: String) {
        whileOpen {
            var error = LKHErrorSlot.make()
            if status.isOK {
                callback.function(callback.userData, LKH_OK, nil, OwnedBytes.make(result))
            } else {
                LKHErrorSlot.write(&error, status, message)
                callback.function(callback.userData, status.rawValue, &error, OwnedBytes.make(result))
            }
        }
    }
}
