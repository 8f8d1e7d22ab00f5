import LinkstrPluginKit
import NostrCore
import PluginABI

/// The fake relay as a plugin: its descriptor (`org.linkstr.transport.fake-relay`, providing
/// `org.linkstr.transport/1`) and the setting that tells an instance which ``FakeRelay`` it serves.
extension FakeRelay {
    public static let pluginID = "org.linkstr.transport.fake-relay"

    /// The descriptor to register in-process: `host.loadPlugins(discovery:inProcess: [FakeRelay.descriptor])`,
    /// or `FakeHost.load(descriptor:)` with ``pluginSettings`` as its configuration.
    public static var descriptor: UnsafePointer<lkh_plugin_desc> { fakeRelayDescriptor.pointer }

    /// The plugin's configuration section naming this relay
    /// (`[plugins."org.linkstr.transport.fake-relay"] store = "…"`): a transport instance created
    /// without it fails.
    public var pluginSettings: [String: String] { [Self.storeSetting: token] }

    static let storeSetting = "store"
}

private let fakeRelayDescriptor = PluginDescriptor.make(
    id: FakeRelay.pluginID, name: "Fake relay (in memory, for tests)", version: "1.0.0", provides: [LKH_CAP_TRANSPORT_V1],
    create: { host, out, errorSlot in
        guard let host, let out else {
            LKHErrorSlot.write(errorSlot, .invalid, "create needs a host table and an output slot")
            return LKH_E_INVALID
        }
        guard let token = PluginHost(host).config(FakeRelay.storeSetting) else {
            LKHErrorSlot.write(
                errorSlot, .invalid,
                "no fake relay is named; set [plugins.\"\(FakeRelay.pluginID)\"] \(FakeRelay.storeSetting) (FakeRelay.configure does)")
            return LKH_E_INVALID
        }
        guard let relay = FakeRelayDirectory.relay(token) else {
            LKHErrorSlot.write(errorSlot, .notFound, "the fake relay '\(token)' no longer exists; keep the FakeRelay alive while hosts use it")
            return LKH_E_NOT_FOUND
        }
        let connection = FakeRelayConnection(relay: relay)
        relay.register(connection)
        out.pointee = InstanceBox.retain(connection)
        return LKH_OK
    },
    destroy: { pointer in
        guard let pointer else { return }
        InstanceBox.borrow(pointer, as: FakeRelayConnection.self).shutDown()
        InstanceBox.release(pointer, as: FakeRelayConnection.self)
    },
    getCapability: { _, capabilityID in
        guard let capabilityID, String(cString: capabilityID) == LKH_CAP_TRANSPORT_V1 else { return nil }
        return UnsafeRawPointer(fakeTransportVTable)
    })

/// The `lkh_transport_v1` table: each function checks its arguments and hands them to the instance.
/// Built once and never changed, so sharing the pointer between threads is safe.
private nonisolated(unsafe) let fakeTransportVTable: UnsafePointer<lkh_transport_v1> = {
    let table = UnsafeMutablePointer<lkh_transport_v1>.allocate(capacity: 1)
    table.initialize(to: lkh_transport_v1())
    table.pointee.struct_size = UInt32(MemoryLayout<lkh_transport_v1>.size)
    table.pointee.set_sink = { instance, sink, errorSlot in
        guard let sink, StructSize.contains(sink.pointee.struct_size, \lkh_transport_sink.ctx) else {
            LKHErrorSlot.write(errorSlot, .invalid, "set_sink needs a sink table")
            return LKH_E_INVALID
        }
        connection(instance).setSink(TransportSink(copying: sink))
        return LKH_OK
    }
    table.pointee.set_relays = { instance, relays, count, errorSlot in
        guard count == 0 || relays != nil else {
            LKHErrorSlot.write(errorSlot, .invalid, "set_relays got \(count) relays but no array")
            return LKH_E_INVALID
        }
        var wanted: [(url: String, flags: UInt32)] = []
        for (index, config) in VersionedArray.elements(relays!, count: count).enumerated() {
            guard StructSize.contains(config.struct_size, \lkh_relay_config.flags), let url = config.url else {
                LKHErrorSlot.write(errorSlot, .invalid, "relay \(index + 1) has no URL (or a struct_size too small for flags)")
                return LKH_E_INVALID
            }
            let text = String(cString: url)
            guard text.hasPrefix("ws://") || text.hasPrefix("wss://") else {
                LKHErrorSlot.write(errorSlot, .invalid, "relay '\(text.prefix(80))' is not a ws:// or wss:// URL")
                return LKH_E_INVALID
            }
            wanted.append((url: text, flags: config.flags & (LKH_RELAY_READ | LKH_RELAY_WRITE)))
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in try connection(instance).setRelays(wanted) }
    }
    table.pointee.subscribe = { instance, subscriptionID, filtersJSON, errorSlot in
        guard let subscriptionID else {
            LKHErrorSlot.write(errorSlot, .invalid, "subscribe needs a subscription id")
            return LKH_E_INVALID
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in
            try connection(instance).subscribe(String(cString: subscriptionID), filters: try filters(BorrowedBytes.copy(filtersJSON)))
        }
    }
    table.pointee.unsubscribe = { instance, subscriptionID, errorSlot in
        guard let subscriptionID else {
            LKHErrorSlot.write(errorSlot, .invalid, "unsubscribe needs a subscription id")
            return LKH_E_INVALID
        }
        return LKHErrorSlot.report(errorSlot) { () throws(PluginError) in try connection(instance).unsubscribe(String(cString: subscriptionID)) }
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
        let outcome: FakeRelayConnection.PublishOutcome
        do throws(PluginError) {
            outcome = try connection(instance).publish(eventJSON: BorrowedBytes.copy(eventJSON), eventID: String(cString: eventID))
        } catch {
            LKHErrorSlot.write(errorSlot, error.status, error.message)
            return error.status.rawValue
        }
        operationID?.pointee = outcome.operationID
        if outcome.status.isOK {
            done(userData, LKH_OK, nil, OwnedBytes.make(outcome.result))
        } else {
            var error = LKHErrorSlot.make()
            LKHErrorSlot.write(&error, outcome.status, outcome.message)
            done(userData, outcome.status.rawValue, &error, OwnedBytes.make(outcome.result))
        }
        return LKH_OK
    }
    // Every publish has settled by the time `publish` returns: there is nothing to cancel.
    table.pointee.cancel = { _, _ in }
    table.pointee.describe = { instance, buffer, capacity in
        CStringBuffer.write(connection(instance).describe(), into: buffer, capacity: capacity)
    }
    return UnsafePointer(table)
}()

private func connection(_ instance: UnsafeMutableRawPointer?) -> FakeRelayConnection {
    InstanceBox.borrow(instance, as: FakeRelayConnection.self)
}


/// A REQ's filters: a JSON array of at least one filter object.
private func filters(_ json: [UInt8]) throws(PluginError) -> [Filter] {
    let value: JSONValue
    do {
        value = try JSONValue.parse(json)
    } catch {
        throw PluginError(.invalid, "filters are not valid JSON: \(error)")
    }
    guard case .array(let elements) = value, !elements.isEmpty else {
        throw PluginError(.invalid, "the filters must be a JSON array of at least one filter object")
    }
    return try elements.map { (element) throws(PluginError) in try Filter(requestFilter: element) }
}
