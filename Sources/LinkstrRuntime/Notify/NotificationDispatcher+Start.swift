import Dispatch
import LinkstrHost
import LinkstrPluginKit
import PluginABI
import Synchronization

extension NotificationDispatcher {
    /// How long a notifier's `probe` may take when it starts.
    static let probeTimeout: Duration = .seconds(5)

    /// Creates one configured notifier, probes it and installs its action handler.
    ///
    /// - Parameter requireAvailable: a notifier that is not available now (its probe fails) is not
    ///   started; otherwise it is kept and tried at each delivery.
    /// - Throws: a sentence saying why it cannot be used (not installed, not a notifier, a setting
    ///   the host or the plugin refuses, a vtable this host cannot use, not available).
    static func startNotifier(
        _ pluginID: String, host: LinkstrHost, links: RecentLinks, questions: PendingQuestions, requireAvailable: Bool = false
    ) throws(NotifierStartFailure) -> ActiveNotifier {
        guard let plugin = host.registry.plugin(id: pluginID) else {
            throw NotifierStartFailure("no installed plugin has this id; `linkstr plugins` lists the installed ones")
        }
        guard plugin.provides.contains(CapabilityID.notifier) else {
            throw NotifierStartFailure("plugin \(plugin.path) is not a notifier (it provides \(plugin.provides.joined(separator: ", ")))")
        }
        let preferences = try NotifierPreferences(pluginID: pluginID, settings: host.configuration.pluginSettings[pluginID] ?? [:])
        let capability: Capability<lkh_notifier_v1>
        do {
            let instance = try PluginInstance(descriptor: plugin.descriptor, provider: host.services(for: pluginID))
            capability = try instance.capability(CapabilityID.notifier, as: lkh_notifier_v1.self)
        } catch {
            throw NotifierStartFailure(error.message)
        }
        if let probe = capability.vtable.pointee.probe {
            // On a thread of its own: a probe that never returns must not hold the host. The
            // instance is then left as it is (a call is still inside it), not destroyed.
            let answer = ProbeAnswer()
            DispatchQueue.global().async {
                var error = LKHErrorSlot.make()
                let status = probe(capability.rawInstance, &error)
                answer.set(status == LKH_OK ? nil : PluginError(status: status, error: &error))
            }
            guard answer.answered.wait(timeout: .now() + probeTimeout.dispatchInterval) == .success else {
                throw NotifierStartFailure("its probe did not answer in \(PluginCall.text(probeTimeout)); it is left off")
            }
            if let reason = answer.error {
                if requireAvailable {
                    capability.instance.destroy()
                    throw NotifierStartFailure(reason.message)
                }
                host.log.log(.warn, "notifier '\(pluginID)' is not available now: \(reason)")
            }
        }
        var router: NotificationActionRouter?
        if let setHandler = capability.vtable.pointee.set_action_handler {
            let candidate = NotificationActionRouter(
                opener: LinkOpener(command: preferences.openCommand, log: host.log, source: pluginID), links: links, questions: questions)
            var error = LKHErrorSlot.make()
            let status = setHandler(
                capability.rawInstance, NotificationActionRouter.callback, Unmanaged.passUnretained(candidate).toOpaque(), &error)
            if status == LKH_OK {
                router = candidate
            } else {
                host.log.log(.warn, "notifier '\(pluginID)' takes no action handler: \(PluginError(status: status, error: &error))")
            }
        }
        return ActiveNotifier(pluginID: pluginID, capability: capability, preferences: preferences, router: router)
    }
}

/// What a notifier's probe answered, handed over from the thread it ran on.
private final class ProbeAnswer: Sendable {
    private let failure = Mutex<PluginError?>(nil)
    let answered = DispatchSemaphore(value: 0)

    /// The probe's failure; nil when it succeeded (read after `answered`).
    var error: PluginError? { failure.withLock { $0 } }

    func set(_ error: PluginError?) {
        failure.withLock { $0 = error }
        answered.signal()
    }
}
