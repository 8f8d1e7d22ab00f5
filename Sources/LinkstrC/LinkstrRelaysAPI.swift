import CLinkstr
import LinkstrRuntime
import PluginABI

// The relay list: the account's, or the home's when it has no account yet.

@c(linkstr_relays_list)
public func linkstr_relays_list(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let relays = try EmbeddedRuntime.from(handle).relays { settings throws(LinkstrError) in
            do {
                return try settings.list()
            } catch {
                throw LinkstrError(.storage, "cannot read the relay list: \(error)")
            }
        }
        return relays.map(JSONRecords.RelayRow.init)
    }
}

@c(linkstr_relay_add)
public func linkstr_relay_add(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return try changeRelays(handle) { settings throws(LinkstrError) in _ = try settings.add(url) }
    }
}

@c(linkstr_relay_remove)
public func linkstr_relay_remove(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return try changeRelays(handle) { settings throws(LinkstrError) in try settings.remove(url) }
    }
}

@c(linkstr_relay_enable)
public func linkstr_relay_enable(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return try changeRelays(handle) { settings throws(LinkstrError) in try settings.setEnabled(url, true) }
    }
}

@c(linkstr_relay_disable)
public func linkstr_relay_disable(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return try changeRelays(handle) { settings throws(LinkstrError) in try settings.setEnabled(url, false) }
    }
}

@c(linkstr_relay_reset)
public func linkstr_relay_reset(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        try changeRelays(handle) { settings throws(LinkstrError) in try settings.reset() }
    }
}

/// Makes one change of the relay list, which the next connection uses.
private func changeRelays(_ handle: OpaquePointer?, _ change: (RelaySettings) throws(LinkstrError) -> Void) throws(EmbeddedFailure)
    -> JSONRecords.Ok
{
    let runtime = try EmbeddedRuntime.from(handle)
    try runtime.relays(change)
    runtime.relaysChanged()
    return JSONRecords.ok
}
