import Foundation

/// The settings the host itself reads from a notifier's `[plugins."<id>"]` section (the plugin reads
/// the rest):
///
/// ```toml
/// include_content = false            # true: this notifier also sees sender, URL, note, emoji
/// include_session = false            # true: the session name; default true for the desktop only
/// open_command = ["firefox", "--new-tab"]   # opens the link on "Open"; default xdg-open
/// app_command = ["linkstr", "app", "open"]   # opens the post in the app on a click on the notification
/// answer_timeout_seconds = 10        # a notification it has not answered by then is skipped
/// ```
struct NotifierPreferences: Equatable, Sendable {
    var includeContent = false
    /// Whether the notifier sees the session's name. Push text leaves the machine for a server
    /// someone else runs, so only the desktop notifier (a local screen) sees it by default.
    var includeSession: Bool
    /// The program and arguments that open a link; the link is appended as the last argument.
    var openCommand = ["xdg-open"]
    /// The program and arguments that open a post in the app (its `linkstr://open` link appended);
    /// nil for the front end's own (`linkstr app open`).
    var appCommand: [String]?
    /// How long the host waits for the notifier's `done`; then the notification is skipped for it.
    var answerTimeout: Duration = .seconds(10)

    /// - Throws: a sentence naming the bad setting.
    init(pluginID: String, settings: [String: String]) throws(NotifierStartFailure) {
        let section = "[plugins.\"\(pluginID)\"]"
        func flag(_ name: String, default defaultValue: Bool) throws(NotifierStartFailure) -> Bool {
            switch settings[name] {
            case nil: return defaultValue
            case "false": return false
            case "true": return true
            case let other?: throw NotifierStartFailure("setting '\(name)' of \(section) must be true or false, not '\(other)'")
            }
        }
        includeContent = try flag("include_content", default: false)
        includeSession = try flag("include_session", default: includeContent || pluginID == NotificationDispatcher.desktopNotifier)
        func command(_ name: String, example: String) throws(NotifierStartFailure) -> [String]? {
            guard let text = settings[name] else { return nil }
            guard let command = try? JSONDecoder().decode([String].self, from: Data(text.utf8)), let program = command.first, !program.isEmpty
            else {
                throw NotifierStartFailure("setting '\(name)' of \(section) must be a program and its arguments, like \(name) = \(example), not \(text)")
            }
            return command
        }
        if let command = try command("open_command", example: "[\"firefox\", \"--new-tab\"]") { openCommand = command }
        appCommand = try command("app_command", example: "[\"/usr/bin/linkstr\", \"app\"]")
        if let text = settings["answer_timeout_seconds"] {
            guard let seconds = Double(text), (0.1...3600).contains(seconds) else {
                throw NotifierStartFailure("setting 'answer_timeout_seconds' of \(section) must be a number of seconds from 0.1 to 3600, not '\(text)'")
            }
            answerTimeout = .milliseconds(Int64(seconds * 1000))
        }
    }
}
