import Foundation
import LinkstrProcess

/// Starts this program again with other arguments (`DetachedProcess`: a process group of its own,
/// its input and output on /dev/null) and does not wait for it: work a command hands off so that it
/// returns at once (the webhook sync after a save).
enum DetachedCommand {
    /// - Returns: whether it started.
    @discardableResult
    static func start(_ arguments: [String], global: GlobalOptions) -> Bool {
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var passed = arguments
        if let home = global.home { passed += ["--home", home] }
        if let config = global.config { passed += ["--config", config] }
        if let storage = global.storage { passed += ["--storage", storage] }
        if case .success = DetachedProcess.spawn(path, passed) { return true }
        return false
    }
}
