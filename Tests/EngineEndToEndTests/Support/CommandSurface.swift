import Foundation

/// The command paths of the stable CLI surface ("relay add", "plugins check", "sessions"): as the
/// minimum table of the CLI spec lists them, and as the commands of a `CommandLog`.
enum CommandSurface {
    /// The CLI spec, in the shared folder beside the package's clone.
    static let specPath = ExternalProcess.packageRoot + "/../shared/spec/cli.md"

    /// The paths of the rows of the "Commands (minimum)" table of `spec`. A row's first cell is
    /// "`linkstr relay add URL` / `remove URL` / …": an alternative that does not start with the
    /// row's first word continues it ("relay remove").
    static func minimumCommands(in spec: String) throws -> Set<String> {
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("## Commands (minimum)") }) else {
            throw TestFailure("\(specPath) has no \"## Commands (minimum)\" section")
        }
        var paths = Set<String>()
        for row in lines[(heading + 1)...].prefix(while: { !$0.hasPrefix("## ") }) where row.hasPrefix("| `linkstr ") {
            let cell = row.dropFirst(2).components(separatedBy: " | ")[0]
            let alternatives = cell.components(separatedBy: " / ").compactMap(firstCodeSpan).map(leadingWords)
            guard let command = alternatives.first?.dropFirst(), let group = command.first else {
                throw TestFailure("cannot read the command of this row of \(specPath): \(row)")
            }
            paths.insert(command.joined(separator: " "))
            for alternative in alternatives.dropFirst() {
                paths.insert((alternative.first == group ? alternative : [group] + alternative).joined(separator: " "))
            }
        }
        return paths
    }

    /// Those of `paths` that no command of `log` ran. A command's path is its leading arguments
    /// that are words of `paths` ("session create Weekend --member …" is "session create").
    static func notRun(_ paths: Set<String>, by log: CommandLog) -> Set<String> {
        let words = Set(paths.flatMap { $0.split(separator: " ").map(String.init) })
        return paths.subtracting(log.commands.map { arguments in arguments.prefix { words.contains($0) }.joined(separator: " ") })
    }

    private static func firstCodeSpan(_ text: String) -> String? {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// "relay add URL" → ["relay", "add"]: the words before the first placeholder or option.
    private static func leadingWords(_ code: String) -> [String] {
        code.split(separator: " ").prefix { $0.allSatisfy { $0.isLowercase || $0 == "-" } && $0.first?.isLetter == true }.map(String.init)
    }
}
