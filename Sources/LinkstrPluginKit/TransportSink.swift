import PluginABI

/// A copy of the host's `lkh_transport_sink` as a transport keeps it: the ABI passes the table by
/// pointer to `set_sink`, but its function pointers and context stay valid until the instance is
/// destroyed and every callback is [any-thread], so the copy may be used from any thread.
public struct TransportSink: @unchecked Sendable {
    public let table: lkh_transport_sink

    /// Copies the fields of `pointer` that its `struct_size` declares; later fields stay NULL.
    public init(copying pointer: UnsafePointer<lkh_transport_sink>) {
        var table = lkh_transport_sink()
        let declared = pointer.pointee.struct_size
        let source = pointer.pointee
        table.struct_size = UInt32(MemoryLayout<lkh_transport_sink>.size)
        table.ctx = source.ctx
        if StructSize.contains(declared, \lkh_transport_sink.on_event) { table.on_event = source.on_event }
        if StructSize.contains(declared, \lkh_transport_sink.on_eose) { table.on_eose = source.on_eose }
        if StructSize.contains(declared, \lkh_transport_sink.on_closed) { table.on_closed = source.on_closed }
        if StructSize.contains(declared, \lkh_transport_sink.on_relay_status) { table.on_relay_status = source.on_relay_status }
        if StructSize.contains(declared, \lkh_transport_sink.on_notice) { table.on_notice = source.on_notice }
        if StructSize.contains(declared, \lkh_transport_sink.on_publish_answer) { table.on_publish_answer = source.on_publish_answer }
        self.table = table
    }
}
