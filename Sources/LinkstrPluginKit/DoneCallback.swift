import PluginABI

/// An operation's `lkh_done_fn` with its `user_data`. The ABI lets the plugin call it from any thread.
public struct DoneCallback: @unchecked Sendable {
    public let function: lkh_done_fn
    public let userData: UnsafeMutableRawPointer?

    public init(function: lkh_done_fn, userData: UnsafeMutableRawPointer?) {
        self.function = function
        self.userData = userData
    }
}
