import LinkstrPluginKit
import PluginABI

/// The host's `done` callback of one `notify` call and its `user_data`, called exactly once from the
/// delivering thread (the ABI declares `done` `[any-thread]`).
struct DeliveryCompletion: @unchecked Sendable {
    let done: lkh_done_fn
    let userData: UnsafeMutableRawPointer?

    /// Reports success (nil) or the failure, with an empty result.
    func finish(_ failure: PluginError?) {
        guard let failure else {
            done(userData, LKH_OK, nil, OwnedBytes.empty)
            return
        }
        var slot = LKHErrorSlot.make()
        LKHErrorSlot.write(&slot, failure.status, failure.message)
        done(userData, failure.status.rawValue, &slot, OwnedBytes.empty)
    }
}
