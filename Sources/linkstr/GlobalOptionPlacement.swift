/// Global options (`--home DIR`, `--json`, …) may come before the subcommand, as in
/// `linkstr --home /tmp/alice config --json`. The parser reads them only after the subcommand that
/// declares them, so they are moved there before parsing: right after the subcommand's name
/// (`config --home /tmp/alice --json`), which is before any `--`.
enum GlobalOptionPlacement {
    /// `arguments` (without the program name) with the global options written before the subcommand
    /// moved after the subcommand's path (`relay list` for nested ones). Without a subcommand they are
    /// dropped, so that `--help` and `--version` still work with them.
    ///
    /// - Parameters:
    ///   - spellings: the global options, each with whether it takes a value (``GlobalOptions/spellings``).
    ///   - subcommands: the subcommand names of a command path (`[]`: the top-level commands).
    static func moved(_ arguments: [String], spellings: [String: Bool], subcommands: ([String]) -> [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard let takesValue = spellings[name] else { break }
            let width = takesValue && !argument.contains("=") ? 2 : 1
            // A value that is missing is left for the parser to report.
            guard index + width <= arguments.count else { break }
            leading += arguments[index..<(index + width)]
            index += width
        }
        guard !leading.isEmpty else { return arguments }
        let rest = Array(arguments[index...])
        var path: [String] = []
        while path.count < rest.count, subcommands(path).contains(rest[path.count]) { path.append(rest[path.count]) }
        guard !path.isEmpty else { return rest }
        return path + leading + rest.dropFirst(path.count)
    }

    /// For `help TOPIC…`: the first word that names no command, or nil when they all do (or the
    /// arguments are not a `help`).
    static func unknownHelpTopic(_ arguments: [String], subcommands: ([String]) -> [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var path: [String] = []
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            guard subcommands(path).contains(word) else { return word }
            path.append(word)
        }
        return nil
    }
}
