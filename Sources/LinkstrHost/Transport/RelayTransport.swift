import Glibc
import LinkstrPluginKit
import PluginABI
import Synchronization

/// One instance of the transport capability (`org.linkstr.transport/1`) as Swift: the relay set,
/// subscriptions by id with their filters as JSON, publishes of event JSON, the relays described,
/// and one listener for everything the relays send (the ABI allows one `set_sink` per instance).
///
/// Its owner destroys it (``destroy()``) once it is done; no callback comes after that.
///
/// Thread rule: thread-safe; call from any task.
public final class RelayTransport: Sendable {
    private let capability: Capability<lkh_transport_v1>
    /// The listener, kept alive while the transport may call it.
    private let listener = Mutex<ListenerBox?>(nil)

    public init(_ capability: Capability<lkh_transport_v1>) {
        self.capability = capability
    }

    public var pluginID: String { capability.pluginID }

    /// Installs `listener` as the transport's sink (once per instance, before any other call).
    ///
    /// - Throws: `PluginError` when the vtable lacks a function this host calls, or `set_sink` fails.
    public func listen(_ listener: any RelayTransportListener) throws(PluginError) {
        let table = capability.vtable.pointee
        guard let setSink = table.set_sink, table.set_relays != nil, table.subscribe != nil, table.unsubscribe != nil, table.publish != nil,
            table.describe != nil
        else {
            throw PluginError(.unsupported, "plugin '\(capability.pluginID)' lacks a transport function this host needs")
        }
        let box = ListenerBox(listener)
        self.listener.withLock { $0 = box }
        var sink = box.sinkTable()
        var error = LKHErrorSlot.make()
        let status = setSink(capability.rawInstance, &sink, &error)
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
    }

    /// Replaces the relay set.
    public func setRelays(_ relays: [RelayConfiguration]) throws(PluginError) {
        let urls = relays.map { strdup($0.url) }
        defer { urls.forEach { free($0) } }
        var configs = zip(relays, urls).map { relay, url in
            lkh_relay_config(struct_size: UInt32(MemoryLayout<lkh_relay_config>.size), url: url, flags: relay.flags)
        }
        var error = LKHErrorSlot.make()
        let status = configs.withUnsafeMutableBufferPointer { buffer in
            capability.vtable.pointee.set_relays!(capability.rawInstance, buffer.baseAddress, buffer.count, &error)
        }
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
    }

    /// Opens (or replaces) subscription `id` with `filters`, a JSON array of NIP-01 filters.
    public func subscribe(_ id: String, filters: [UInt8]) throws(PluginError) {
        var error = LKHErrorSlot.make()
        let status = filters.withUnsafeBufferPointer { buffer in
            capability.vtable.pointee.subscribe!(capability.rawInstance, id, lkh_bytes(data: buffer.baseAddress, len: buffer.count), &error)
        }
        guard status == LKH_OK else { throw PluginError(status: status, error: &error) }
    }

    /// Closes subscription `id` on every relay.
    public func unsubscribe(_ id: String) {
        var error = LKHErrorSlot.make()
        _ = capability.vtable.pointee.unsubscribe!(capability.rawInstance, id, &error)
    }

    /// The transport's JSON description of its relays (nil when it wrote none).
    public func describe() -> String? {
        let describe = capability.vtable.pointee.describe!
        let instance = capability.rawInstance
        return CStringBuffer.read { buffer, capacity in describe(instance, buffer, capacity) }
    }

    /// Starts publishing `event` (its JSON; `eventID` its id in hex) and returns the operation id.
    /// `done` is called once, on any thread and maybe before this returns, with the failure (nil when
    /// a relay accepted) and the transport's per-relay answers as JSON; it is not called when
    /// starting fails.
    public func publish(
        _ event: [UInt8], eventID: String, timeoutMilliseconds: UInt32, done: @escaping @Sendable (PluginError?, [UInt8]) -> Void
    ) -> Result<UInt64, PluginError> {
        let userData = Unmanaged.passRetained(PublishDone(done)).toOpaque()
        var operationID: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = event.withUnsafeBufferPointer { buffer in
            capability.vtable.pointee.publish!(
                capability.rawInstance, lkh_bytes(data: buffer.baseAddress, len: buffer.count), eventID, timeoutMilliseconds,
                PublishDone.callback, userData, &operationID, &error)
        }
        guard status == LKH_OK else {
            Unmanaged<PublishDone>.fromOpaque(userData).release()
            return .failure(PluginError(status: status, error: &error))
        }
        return .success(operationID)
    }

    /// Asks the transport to cancel a publish (best effort).
    public func cancel(_ operationID: UInt64) {
        capability.vtable.pointee.cancel?(capability.rawInstance, operationID)
    }

    /// Destroys the instance; the listener is released after it.
    public func destroy() {
        capability.instance.destroy()
        listener.withLock { $0 = nil }
    }
}

/// The listener of a ``RelayTransport`` behind the sink's context pointer.
private final class ListenerBox: Sendable {
    let listener: any RelayTransportListener

    init(_ listener: any RelayTransportListener) {
        self.listener = listener
    }

    /// The `lkh_transport_sink` whose context is this box (unretained: the transport keeps it alive
    /// until the instance is destroyed).
    func sinkTable() -> lkh_transport_sink {
        var sink = lkh_transport_sink()
        sink.struct_size = UInt32(MemoryLayout<lkh_transport_sink>.size)
        sink.ctx = Unmanaged.passUnretained(self).toOpaque()
        sink.on_event = { context, relay, subscriptionID, event in
            guard let context, let relay, let subscriptionID else { return LKH_E_INVALID }
            let bytes = event.data.map { Array(UnsafeBufferPointer(start: $0, count: event.len)) } ?? []
            return ListenerBox.listener(context).received(
                relay: String(cString: relay), subscriptionID: String(cString: subscriptionID), json: bytes
            ).rawValue
        }
        sink.on_eose = { context, relay, subscriptionID in
            guard let context, let relay, let subscriptionID else { return }
            ListenerBox.listener(context).endOfStoredEvents(relay: String(cString: relay), subscriptionID: String(cString: subscriptionID))
        }
        sink.on_closed = { context, relay, subscriptionID, message in
            guard let context, let relay, let subscriptionID else { return }
            ListenerBox.listener(context).closed(
                relay: String(cString: relay), subscriptionID: String(cString: subscriptionID),
                message: message.map { String(cString: $0) } ?? "")
        }
        sink.on_relay_status = { context, relay, status, error in
            guard let context, let relay else { return }
            ListenerBox.listener(context).status(
                relay: String(cString: relay), status: RelayStatus(code: status), error: error.map { String(cString: $0) })
        }
        sink.on_notice = { context, relay, message in
            guard let context, let relay else { return }
            ListenerBox.listener(context).notice(relay: String(cString: relay), message: message.map { String(cString: $0) } ?? "")
        }
        sink.on_publish_answer = { context, relay, eventID, accepted, message in
            guard let context, let relay, let eventID else { return }
            ListenerBox.listener(context).answered(
                relay: String(cString: relay), eventID: String(cString: eventID), accepted: accepted != 0,
                message: message.map { String(cString: $0) } ?? "")
        }
        return sink
    }

    private static func listener(_ context: UnsafeMutableRawPointer) -> any RelayTransportListener {
        Unmanaged<ListenerBox>.fromOpaque(context).takeUnretainedValue().listener
    }
}

/// A publish's `done`, retained as the call's user data until the transport calls it.
private final class PublishDone: Sendable {
    let done: @Sendable (PluginError?, [UInt8]) -> Void

    init(_ done: @escaping @Sendable (PluginError?, [UInt8]) -> Void) {
        self.done = done
    }

    /// The publish `lkh_done_fn`: takes the result (releasing it) and hands it over.
    static let callback: lkh_done_fn = { userData, status, error, result in
        let answers = OwnedBytes.take(result)
        guard let userData else { return }
        let call = Unmanaged<PublishDone>.fromOpaque(userData).takeRetainedValue()
        call.done(status == LKH_OK ? nil : PluginError(status: status, error: error), answers)
    }
}
