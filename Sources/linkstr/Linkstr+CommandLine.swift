import ArgumentParser
import Foundation

extension Linkstr {
    /// The error for a command line whose command word names no command (`linkstr sesions`), with
    /// the closest command's name when one is near; nil when every word names a command (or the
    /// parser will take it as an argument: a command with arguments or a default subcommand).
    static func unknownCommand(_ arguments: [String]) -> String? {
        var path: [String] = []
        for word in arguments {
            if word.hasPrefix("-") || word == "help" { return nil }
            let names = subcommands(of: path)
            // A leaf command, or a group that hands other words to its default subcommand: the
            // parser decides.
            if names.isEmpty || hasDefaultSubcommand(path) { return nil }
            if names.contains(word) {
                path.append(word)
                continue
            }
            let prefix = (["linkstr"] + path).joined(separator: " ")
            if let closest = closest(to: word, among: names) { return "unknown command '\(word)'; did you mean `\(prefix) \(closest)`?" }
            return "unknown command '\(word)'; `\(prefix) --help` lists the commands"
        }
        return nil
    }

    /// Whether the command at `path` has a default subcommand (`linkstr saved` lists).
    private static func hasDefaultSubcommand(_ path: [String]) -> Bool {
        var command: ParsableCommand.Type = Linkstr.self
        for name in path {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else { return false }
            command = next
        }
        if let _ = command.configuration.defaultSubcommand { return true }
        return false
    }

    /// The name nearest to `word` by edit distance, when it is near enough to be a typo (at most a
    /// third of its letters, and at least one, differ); a name that starts with `word` counts too.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = word.lowercased()
        if let started = names.filter({ $0.hasPrefix(typed) }).min(by: { $0.count < $1.count }), typed.count >= 3 { return started }
        guard let nearest = names.map({ (name: $0, distance: editDistance(typed, $0)) }).min(by: { $0.distance < $1.distance }),
            nearest.distance <= max(1, typed.count / 3)
        else { return nil }
        return nearest.name
    }

    /// Levenshtein distance, with a transposition of two neighbours counting once (`sesison`).
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }

    /// The help a command line asks for (`--help`, `-h`, or `help COMMAND…`), laid out for the
    /// terminal (`HelpText`); nil when it asks for none.
    static func requestedHelp(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let words = Array(arguments.prefix { $0 != "--" })
        let asked = words.first == "help" ? Array(words.dropFirst()) : words
        guard words.first == "help" || words.contains("--help") || words.contains("-h") else { return nil }
        var command: ParsableCommand.Type = Linkstr.self
        for word in asked where !word.hasPrefix("-") {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) })
            else { break }
            command = next
        }
        return HelpText.render(helpMessage(for: command, columns: 100_000), width: HelpText.width(environment: environment))
    }
}
