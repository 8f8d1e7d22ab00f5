import LinkstrPluginKit
import NotifierKit

/// The command notifier's settings, from `[plugins."org.linkstr.notify.command"]`:
///
/// ```toml
/// command = ["/usr/local/bin/on-linkstr", "--quiet"]   # required: program and arguments, no shell
/// timeout_seconds = 10                                 # then its process group is stopped
/// ```
struct CommandSettings: Sendable {
    static let example = #"["/usr/local/bin/on-linkstr", "--quiet"]"#

    var command: [String]
    var timeoutSeconds = 10.0

    init(_ settings: PluginSettings) throws(PluginError) {
        guard let command = try settings.strings("command", example: Self.example) else {
            throw PluginError(
                .invalid, "\(settings.section) has no 'command' setting; add command = \(Self.example) (a program and its arguments; no shell is used)")
        }
        guard let program = command.first, !program.isEmpty else {
            throw PluginError(.invalid, "setting 'command' of \(settings.section) is empty; name a program first, e.g. command = \(Self.example)")
        }
        self.command = command
        timeoutSeconds = try settings.seconds("timeout_seconds", default: 10, range: 0.1...600)
    }

    var program: String { command[0] }
    var arguments: [String] { Array(command.dropFirst()) }
}
