import LinkstrHost
import LinkstrPluginKit
import PluginABI

extension NotificationDispatcher {
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
            var error = LKHErrorSlot.make()
            let status = probe(capability.rawInstance, &error)
            if status != LKH_OK {
                let reason = PluginError(status: status, error: &error)
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
