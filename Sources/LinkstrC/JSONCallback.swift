import CLinkstr

/// The C callback of a watch and its `user_data`. linkstr.h makes the caller responsible for
/// `user_data` being usable from the watch's thread until `linkstr_watch_stop` returns; the watch
/// calls it from one serial queue only.
struct WatchCallback: @unchecked Sendable {
    let function: linkstr_watch_fn
    let userData: UnsafeMutableRawPointer?

    /// Calls the callback with `event`, a JSON object, valid only during the call.
    func call(_ event: String) {
        event.withCString { function(userData, $0) }
    }
}
