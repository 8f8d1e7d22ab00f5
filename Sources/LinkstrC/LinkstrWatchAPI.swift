import CLinkstr
import LinkstrPluginKit
import LinkstrRuntime
import PluginABI

// Sync and watch.

@c(linkstr_sync)
public func linkstr_sync(
    _ handle: OpaquePointer?, _ timeoutSeconds: UInt32, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        try runtime.requireNoWatch()
        let timeout = relayTimeout(timeoutSeconds)
        let report = try runtime.run { runtime throws(LinkstrError) in try await InboxSync.sync(timeout: timeout, in: runtime) }
        return JSONRecords.SyncCounts(report)
    }
}

@c(linkstr_runtime_watch)
public func linkstr_runtime_watch(
    _ handle: OpaquePointer?, _ callback: linkstr_watch_fn?, _ userData: UnsafeMutableRawPointer?,
    _ outWatch: UnsafeMutablePointer<OpaquePointer?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    linkstr_runtime_watch_with(handle, nil, callback, userData, outWatch, errorSlot)
}

@c(linkstr_runtime_watch_with)
public func linkstr_runtime_watch_with(
    _ handle: OpaquePointer?, _ options: UnsafePointer<linkstr_watch_options>?, _ callback: linkstr_watch_fn?,
    _ userData: UnsafeMutableRawPointer?, _ outWatch: UnsafeMutablePointer<OpaquePointer?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    CallbackTask.handOut(outWatch, "out_watch", as: .watch, errorSlot) { () throws(EmbeddedFailure) in
        guard let callback else { throw EmbeddedFailure.null("callback") }
        let timeout = try watchTimeout(options)
        return try EmbeddedRuntime.from(handle).startWatch(JSONCallback(function: callback, userData: userData), timeout: timeout)
    }
}

@c(linkstr_watch_stop)
public func linkstr_watch_stop(_ handle: OpaquePointer?) {
    CallbackTask.stop(handle, as: .watch, by: "linkstr_watch_stop")
}

/// A call's `timeout_seconds`: 0 is the default, 15 s.
private func relayTimeout(_ seconds: UInt32) -> Duration {
    .seconds(seconds == 0 ? 15 : Int(seconds))
}

/// The timeout of `linkstr_watch_options` (NULL: the default), once its size is known to hold it.
private func watchTimeout(_ options: UnsafePointer<linkstr_watch_options>?) throws(EmbeddedFailure) -> Duration {
    guard let options else { return relayTimeout(0) }
    let size = UnsafeRawPointer(options).load(as: UInt32.self)
    guard StructSize.contains(size, \linkstr_watch_options.timeout_seconds) else {
        throw EmbeddedFailure(
            .invalid,
            "linkstr_watch_options.struct_size is \(size), too small to hold timeout_seconds; set it to sizeof(linkstr_watch_options), or use LINKSTR_WATCH_OPTIONS_INIT")
    }
    return relayTimeout(options.pointee.timeout_seconds)
}
