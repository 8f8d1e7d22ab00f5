import CLinkstr

/// The C callback of a watch or a bunker (`linkstr_watch_fn` and `linkstr_signer_fn` are the same C
/// type) and its `user_data`. linkstr.h makes the caller responsible for `user_data` being usable
/// from linkstr's thread until the stop call returns; the callback is called from one serial queue only.
struct JSONCallback: @unchecked Sendable {
    let function: linkstr_watch_fn
    let userData: UnsafeMutableRawPointer?

    /// Calls the callback with `json`, a JSON object, valid only during the call.
    func call(_ json: String) {
        json.withCString { function(userData, $0) }
    }
}
