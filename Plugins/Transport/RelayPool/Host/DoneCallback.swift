import PluginABI

/// An operation's `lkh_done_fn` with its `user_data`. The ABI lets the plugin call it from any thread.
struct DoneCallback: @unchecked Sendable {
    let function: lkh_done_fn
    let userData: UnsafeMutableRawPointer?
}
