import PluginABI

/// An extraction's `lkh_progress_fn` and its `user_data` (either may be absent). [any-thread]
struct ProgressSink: @unchecked Sendable {
    let function: lkh_progress_fn?
    let userData: UnsafeMutableRawPointer?

    func report(_ downloaded: Int64, _ total: Int64) {
        function?(userData, downloaded, total)
    }
}
