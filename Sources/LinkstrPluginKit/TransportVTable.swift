import PluginABI

/// The one `lkh_transport_v1` table for every ``TransportImplementation``: each function checks its
/// C arguments, turns them into Swift, and hands them to the instance.
public enum TransportVTable {
    /// Built once and never changed, so sharing the pointer between threads is safe.
    public nonisolated(unsafe) static let table: UnsafePointer<lkh_transport_v1> = {
        let table = UnsafeMutablePointer<lkh_transport_v1>.allocate(capacity: 1)
        table.initialize(to: lkh_transport_v1())
        table.pointee.struct_size = UInt32(MemoryLayout<lkh_transport_v1>.size)
        table.pointee.set_sink = { instance, sink, errorSlot in
            guard let sink, StructSize.contains(sink.pointee.struct_size, \lkh_transport_sink.ctx) else {
                LKHErrorSlot.write(errorSlot, .invalid, "set_sink needs a sink table")
                return LKH_E_INVALID
            }
            implementation(instance).setSink(TransportSink(copying: sink))
            return LKH_OK
        }
        table.pointee.set_relays = { instance, relays, count, errorSlot in
            LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
                try implementation(instance).setRelays(try TransportVTable.relays(relays, count: count))
            }
        }
        table.pointee.subscribe = { instance, subscriptionID, filtersJSON, errorSlot in
            guard let subscriptionID else {
                LKHErrorSlot.write(errorSlot, .invalid, "subscribe needs a subscription id")
                return LKH_E_INVALID
            }
            return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
                try implementation(instance).subscribe(String(cString: subscriptionID), filtersJSON: BorrowedBytes.copy(filtersJSON))
            }
        }
        table.pointee.unsubscribe = { instance, subscriptionID, errorSlot in
            guard let subscriptionID else {
                LKHErrorSlot.write(errorSlot, .invalid, "unsubscribe needs a subscription id")
                return LKH_E_INVALID
            }
            return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
                try implementation(instance).unsubscribe(String(cString: subscriptionID))
            }
        }
        table.pointee.publish = { instance, eventJSON, eventID, timeoutMilliseconds, done, userData, operationID, errorSlot in
            guard let eventID, let done else {
                LKHErrorSlot.write(errorSlot, .invalid, "publish needs an event id and a done function")
                return LKH_E_INVALID
            }
            guard timeoutMilliseconds > 0 else {
                LKHErrorSlot.write(errorSlot, .invalid, "publish needs a timeout of at least 1 ms")
                return LKH_E_INVALID
            }
            return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
                let id = try implementation(instance).publish(
                    eventJSON: BorrowedBytes.copy(eventJSON), eventID: String(cString: eventID),
                    timeout: .milliseconds(Int64(timeoutMilliseconds)), callback: DoneCallback(function: done, userData: userData))
                operationID?.pointee = id
            }
        }
        table.pointee.cancel = { instance, operationID in
            implementation(instance).cancel(operationID)
        }
        table.pointee.describe = { instance, buffer, capacity in
            CStringBuffer.write(implementation(instance).describe(), into: buffer, capacity: capacity)
        }
        return UnsafePointer(table)
    }()

    /// The relays of `set_relays`, read by the stride rule for arrays of versioned structs.
    static func relays(_ relays: UnsafePointer<lkh_relay_config>?, count: Int) throws(PluginError) -> [TransportRelay] {
        guard count > 0 else { return [] }
        guard let relays else { throw PluginError(.invalid, "set_relays got \(count) relays but no array") }
        var result: [TransportRelay] = []
        for (index, config) in VersionedArray.elements(relays, count: count).enumerated() {
            guard StructSize.contains(config.struct_size, \lkh_relay_config.flags), let url = config.url else {
                throw PluginError(.invalid, "relay \(index + 1) has no URL (or a struct_size too small for flags)")
            }
            result.append(TransportRelay(url: String(cString: url), flags: config.flags))
        }
        return result
    }
}

private func implementation(_ instance: UnsafeMutableRawPointer?) -> any TransportImplementation {
    // The instance is `InstanceBox.retain` of a TransportImplementation (see the protocol).
    Unmanaged<AnyObject>.fromOpaque(instance!).takeUnretainedValue() as! any TransportImplementation
}
