import Foundation

/// The settings the host itself reads from a notifier's `[plugins."<id>"]` section (the plugin reads
/// the rest):
///
/// ```toml
/// include_content = false            # true: this notifier also sees sender, URL, note, emoji
/// open_command = ["firefox", "--new-tab"]   # opens the link on "Open"; default xdg-open
/// ```
struct NotifierPreferences: Equatable, Sendable {
    var includeContent = false
    /// The program and arguments that open a link; the link is appended as the last argument.
    var openCommand = ["xdg-open"]

    /// - Throws: a sentence naming the bad setting.
    init(pluginID: String, settings: [String: String]) throws(NotifierStartFailure) {
        let section = "[plugins.\"\(pluginID)\"]"
        switch settings["include_content"] {
        case nil, "false": includeContent = false
        case "true": includeContent = true
        case let other?:
            throw NotifierStartFailure("setting 'include_content' of \(section) must be true or false, not '\(other)'")
        }
        if let text = settings["open_command"] {
            guard let command = try? JSONDecoder().decode([String].self, from: Data(text.utf8)), let program = command.first, !program.isEmpty
            else {
                throw NotifierStartFailure(
                    "setting 'open_command' of \(section) must be a program and its arguments, like open_command = [\"firefox\", \"--new-tab\"], not \(text)")
            }
            openCommand = command
        }
    }
}
