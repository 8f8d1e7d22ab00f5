import LinkstrPluginKit
import PluginABI

/// An operation's `done` callback and `user_data`, carried to the thread that finishes it. The ABI
/// lets `done` run on any thread; `user_data` is the host's to make usable there.
struct Completion: @unchecked Sendable {
    let done: lkh_done_fn
    let userData: UnsafeMutableRawPointer?

    func succeed(_ json: String) {
        done(userData, LKH_OK, nil, OwnedBytes.make(json))
    }

    func fail(_ status: LKHStatus, _ message: String) {
        var error = LKHErrorSlot.make()
        LKHErrorSlot.write(&error, status, message)
        done(userData, status.rawValue, &error, OwnedBytes.empty)
    }
}
