import LinkstrHost

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
        _ pluginID: String, host: LinkstrHost, links: RecentLinks, questions: PendingQuestions, appCommand: [String]? = nil,
        requireAvailable: Bool = false
    ) throws(NotifierStartFailure) -> ActiveNotifier {
        guard let plugin = host.registry.plugin(id: pluginID) else {
            throw NotifierStartFailure("no installed plugin has this id; `linkstr plugins` lists the installed ones")
        }
        guard plugin.provides.contains(CapabilityID.notifier) else {
            throw NotifierStartFailure("plugin \(plugin.path) is not a notifier (it provides \(plugin.provides.joined(separator: ", ")))")
        }
        let preferences = try NotifierPreferences(pluginID: pluginID, settings: host.configuration.pluginSettings[pluginID] ?? [:])
        let notifier: NotifierPlugin
        do {
            notifier = try NotifierPlugin(plugin, host: host)
        } catch {
            throw NotifierStartFailure(error.message)
        }
        switch notifier.probe(timeout: probeTimeout) {
        case .available: break
        case .noAnswer:
            throw NotifierStartFailure("its probe did not answer in \(PluginCall.text(probeTimeout)); it is left off")
        case .unavailable(let reason):
            if requireAvailable {
                _ = notifier.destroy(waiting: .zero)
                throw NotifierStartFailure(reason.message)
            }
            host.log.log(.warn, "notifier '\(pluginID)' is not available now: \(reason)")
        }
        var router: NotificationActionRouter?
        if notifier.takesActions {
            let candidate = NotificationActionRouter(
                opener: LinkOpener(command: preferences.openCommand, log: host.log, source: pluginID),
                appOpener: (preferences.appCommand ?? appCommand).map { LinkOpener(command: $0, log: host.log, source: pluginID, schemes: ["linkstr"]) },
                links: links, questions: questions)
            do {
                try notifier.setActionHandler(candidate)
                router = candidate
            } catch {
                host.log.log(.warn, "notifier '\(pluginID)' takes no action handler: \(error)")
            }
        }
        return ActiveNotifier(plugin: notifier, preferences: preferences, router: router)
    }
}

/// Why a configured notifier is not active: not installed, no notifier, a setting it refused.
struct NotifierStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A configured notifier that started: its own instance (the dispatcher creates and destroys it),
/// what the host reads from its section, and the router of its actions if it has any.
struct ActiveNotifier: Sendable {
    let plugin: NotifierPlugin
    let preferences: NotifierPreferences
    let router: NotificationActionRouter?

    var pluginID: String { plugin.pluginID }
}
