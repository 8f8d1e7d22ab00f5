import LinkstrPluginKit
import PluginABI

/// The `lkh_transport_v1` table. Each function checks its arguments, turns C into Swift and back,
/// and never blocks: connecting, sending and waiting happen on the pool's tasks.
/// Built once and never changed, so sharing the pointer between threads is safe.
nonisolated(unsafe) let transportVTable: UnsafePointer<lkh_transport_v1> = {
    let table = UnsafeMutablePointer<lkh_transport_v1>.allocate(capacity: 1)
    table.initialize(to: lkh_transport_v1())
    table.pointee.struct_size = UInt32(MemoryLayout<lkh_transport_v1>.size)
    table.pointee.set_sink = { instance, sink, errorSlot in
        guard let sink, Int(sink.pointee.struct_size) >= MemoryLayout<UInt32>.size + MemoryLayout<UnsafeRawPointer>.size else {
            LKHErrorSlot.write(errorSlot, .invalid, "set_sink needs a sink table")
            return LKH_E_INVALID
        }
        pool(instance).setSink(TransportSink(copying: sink))
        return LKH_OK
    }
    table.pointee.set_relays = { instance, relays, count, errorSlot in
        guard count == 0 || relays != nil else {
            LKHErrorSlot.write(errorSlot, .invalid, "set_relays got \(count) relays but no array")
            return LKH_E_INVALID
        }
        var endpoints: [RelayEndpoint] = []
        for (index, config) in VersionedArray.elements(relays!, count: count).enumerated() {
            guard StructSize.contains(config.struct_size, \lkh_relay_config.flags), let url = config.url else {
                LKHErrorSlot.write(errorSlot, .invalid, "relay \(index + 1) has no URL (or a struct_size too small for flags)")
                return LKH_E_INVALID
            }
            do throws(TransportInputError) {
                endpoints.append(try RelayEndpoint(url: String(cString: url), flags: config.flags))
            } catch {
                LKHErrorSlot.write(errorSlot, .invalid, error.reason)
                return LKH_E_INVALID
            }
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in try pool(instance).setRelays(endpoints) }
    }
    table.pointee.subscribe = { instance, subscriptionID, filtersJSON, errorSlot in
        guard let subscriptionID else {
            LKHErrorSlot.write(errorSlot, .invalid, "subscribe needs a subscription id")
            return LKH_E_INVALID
        }
        let filters: FilterList
        do throws(TransportInputError) {
            filters = try FilterList(json: BorrowedBytes.copy(filtersJSON))
        } catch {
            LKHErrorSlot.write(errorSlot, .invalid, error.reason)
            return LKH_E_INVALID
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
            try pool(instance).subscribe(String(cString: subscriptionID), filters: filters)
        }
    }
    table.pointee.unsubscribe = { instance, subscriptionID, errorSlot in
        guard let subscriptionID else {
            LKHErrorSlot.write(errorSlot, .invalid, "unsubscribe needs a subscription id")
            return LKH_E_INVALID
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in try pool(instance).unsubscribe(String(cString: subscriptionID)) }
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
            let id = try pool(instance).publish(
                eventJSON: BorrowedBytes.copy(eventJSON), eventID: String(cString: eventID),
                timeout: .milliseconds(Int64(timeoutMilliseconds)), callback: DoneCallback(function: done, userData: userData))
            operationID?.pointee = id
        }
    }
    table.pointee.cancel = { instance, operationID in
        pool(instance).cancel(operationID)
    }
    table.pointee.describe = { instance, buffer, capacity in
        CStringBuffer.write(pool(instance).describe(), into: buffer, capacity: capacity)
    }
    return UnsafePointer(table)
}()

private func pool(_ instance: UnsafeMutableRawPointer?) -> TransportInstance {
    InstanceBox.borrow(instance, as: TransportInstance.self)
}
