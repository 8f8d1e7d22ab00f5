import CLinkstr
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
        let timeout: Duration = .seconds(timeoutSeconds == 0 ? 15 : Int(timeoutSeconds))
        let report = try runtime.run { runtime throws(RuntimeError) in try await runtime.sync(timeout: timeout) }
        return JSONRecords.syncReport(report)
    }
}

@c(linkstr_runtime_watch)
public func linkstr_runtime_watch(
    _ handle: OpaquePointer?, _ callback: linkstr_watch_fn?, _ userData: UnsafeMutableRawPointer?,
    _ outWatch: UnsafeMutablePointer<OpaquePointer?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    do throws(EmbeddedFailure) {
        guard let outWatch else { throw EmbeddedFailure.null("out_watch") }
        outWatch.pointee = nil
        guard let callback else { throw EmbeddedFailure.null("callback") }
        let watch = try EmbeddedRuntime.from(handle).startWatch(WatchCallback(function: callback, userData: userData))
        outWatch.pointee = LiveHandles.retain(watch, as: .watch)
        return LKH_OK
    } catch {
        return error.report(errorSlot)
    }
}

@c(linkstr_watch_stop)
public func linkstr_watch_stop(_ handle: OpaquePointer?) {
    guard let handle, let watch = LiveHandles.release(handle, as: .watch, EmbeddedWatch.self, by: "linkstr_watch_stop") else { return }
    watch.stop()
}
