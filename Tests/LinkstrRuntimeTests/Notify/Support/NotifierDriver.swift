@testable import LinkstrHost
import LinkstrPluginKit
@testable import LinkstrRuntime
import PluginABI
import PluginTesting

/// Drives one notifier plugin through its `lkh_notifier_v1` table the way the host does, with a fake
/// host behind it (recorded log lines, canned settings).
struct NotifierDriver {
    let host: FakeHost
    let instance: PluginInstance
    let notifier: Capability<lkh_notifier_v1>

    /// Loads `liblinkstr-plugin-notify-<name>.so` of this build through the real loader and creates
    /// an instance with `settings` as its configuration section.
    init(_ name: String, pluginID: String, settings: [String: String]) throws {
        host = FakeHost(pluginID: pluginID, config: settings)
        instance = try host.load(path: BuildProducts.plugin("notify-\(name)"))
        notifier = try instance.capability(LKH_CAP_NOTIFIER_V1, as: lkh_notifier_v1.self)
    }

    /// The error `probe` reports, or nil when it succeeds.
    func probe() -> PluginError? {
        var error = LKHErrorSlot.make()
        let status = notifier.vtable.pointee.probe!(notifier.rawInstance, &error)
        return status == LKH_OK ? nil : PluginError(status: status, error: &error)
    }

    /// Delivers `request` (with its content and session name) and waits for `done`: nil, or the
    /// error it reported.
    func notify(_ request: NotificationRequest, includeContent: Bool = true) async -> PluginError? {
        let log = HostLog(threshold: .error, sink: { _ in })
        let message = request.message(includingContent: includeContent, includingSession: true)
        return switch await NotifierPlugin(capability: notifier).notify(message, deadline: .seconds(60), log: log) {
        case .success: nil
        case .failure(let error): error
        }
    }

    func setActionHandler(_ recorder: ActionRecorder) {
        var error = LKHErrorSlot.make()
        _ = notifier.vtable.pointee.set_action_handler!(
            notifier.rawInstance, ActionRecorder.callback, Unmanaged.passUnretained(recorder).toOpaque(), &error)
    }

    /// Every log line's text.
    var log: [String] { host.logLines.map(\.message) }

    func destroy() {
        instance.destroy()
    }
}
