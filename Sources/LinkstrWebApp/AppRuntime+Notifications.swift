import LinkstrRuntime

/// Notifications as config.toml sets them (`[notify] from`, `notifiers`): read from the file each
/// time, and changed there through the runtime, which checks them as every command reads them.
extension AppRuntime {
    func notificationSettings() throws(AppFailure) -> (from: String, notifiers: [String]?) {
        let path = try configFile()
        do throws(ConfigurationError) {
            let settings = try NotificationSettings.read(from: path)
            return (settings.from.rawValue, settings.notifiers)
        } catch {
            throw AppFailure(error.description)
        }
    }

    /// Sets who may notify (`from`: "members" or "contacts") and through what: `through` is
    /// "default", "none" or "list" (the comma-separated plugin ids of `list`).
    func changeNotifications(from: String, through: String, list: String) throws(AppFailure) {
        let path = try configFile()
        guard let senders = NotificationSenders(rawValue: from) else { throw AppFailure(NotificationSenders.refusal(of: from), isBadInput: true) }
        let notifiers: [String]?
        switch through {
        case "default": notifiers = nil
        case "none": notifiers = []
        case "list":
            let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !ids.isEmpty else {
                throw AppFailure("name at least one notifier plugin (such as org.linkstr.notify.desktop), or choose none", isBadInput: true)
            }
            notifiers = ids
        default: throw AppFailure("'\(through)' is not a choice of notifiers; choose the default, none, or a list", isBadInput: true)
        }
        do throws(ConfigurationError) {
            try NotificationSettings(from: senders, notifiers: notifiers).write(to: path)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
    }

    private func configFile() throws(AppFailure) -> String {
        try runtime().media.host.paths.configFile
    }
}
