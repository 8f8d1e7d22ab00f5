import Foundation
import LinkstrHost

/// Who may make this computer notify (`[notify] from`) and through which notifiers (`notifiers`),
/// as config.toml says. ``write(to:)`` changes these two settings in the file and nothing else of it
/// (comments and the other settings stay as written), and refuses a result that the configuration
/// would not read, with the message every command would give for it.
public struct NotificationSettings: Equatable, Sendable {
    public var from: NotificationSenders
    /// The notifier plugin ids; nil for the default (desktop notifications when a notification
    /// server answers), empty for none.
    public var notifiers: [String]?

    public init(from: NotificationSenders, notifiers: [String]?) {
        self.from = from
        self.notifiers = notifiers
    }

    /// What the configuration file at `path` says now (its defaults when it is missing).
    public static func read(from path: String) throws(ConfigurationError) -> NotificationSettings {
        let (configuration, _) = try RuntimeSettings.load(path: path)
        return NotificationSettings(from: configuration.notifyFrom, notifiers: configuration.notifiers)
    }

    /// Writes these settings into the configuration file at `path` (made when missing), replacing
    /// the file whole (a reader sees the old file or the new one). A running watch reads them when
    /// it starts.
    public func write(to path: String) throws(ConfigurationError) {
        if let id = notifiers?.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.contains("\"") || $0.contains("\\") }) {
            throw ConfigurationError(path: path, reason: "'\(id)' is not a notifier plugin id; `linkstr plugins` lists them (such as org.linkstr.notify.desktop)")
        }
        var text = ""
        if FileManager.default.fileExists(atPath: path) {
            // Read through the configuration first: a file it refuses is not edited.
            _ = try RuntimeSettings.load(path: path)
            guard let data = FileManager.default.contents(atPath: path), let read = String(data: data, encoding: .utf8) else {
                throw ConfigurationError(path: path, reason: "cannot read the configuration")
            }
            text = read
        }
        let edited = edit(text)
        var check = Configuration()
        check.sourceFile = path
        try check.apply(toml: edited, path: path, appTables: RuntimeSettings.tables)
        _ = try RuntimeSettings(check)
        guard check.notifyFrom == from, check.notifiers == notifiers else {
            throw ConfigurationError(
                path: path, reason: "the notification settings are written in a form linkstr does not change (an inline table?); set `notifiers` and `[notify] from` there by hand")
        }
        do throws(PrivateFile.Failure) {
            try PrivateFile.replace(path, with: Array(edited.utf8))
        } catch {
            throw ConfigurationError(path: path, reason: error.description)
        }
    }

    /// `text` with `notifiers = […]` (top level, before any table; removed for the default) and
    /// `from` of the `[notify]` table set, every other line as it was.
    func edit(_ text: String) -> String {
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let firstTable = lines.firstIndex(where: Self.isTableHeader) ?? lines.count
        let written = notifiers.map { ids in "notifiers = [" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        if let start = lines[..<firstTable].firstIndex(where: { Self.key(of: $0) == "notifiers" }) {
            // An array written over several lines ends where its brackets close.
            var end = start
            while end + 1 < firstTable, Self.openBrackets(lines[start...end]) > 0 { end += 1 }
            lines.replaceSubrange(start...end, with: written.map { [$0] } ?? [])
        } else if let written {
            lines.insert(written, at: firstTable)
        }
        let from = "from = \"\(self.from.rawValue)\""
        if let header = lines.firstIndex(where: { Self.isTableHeader($0) && Self.tableName(of: $0) == "notify" }) {
            let end = lines[(header + 1)...].firstIndex(where: Self.isTableHeader) ?? lines.count
            if let line = lines[(header + 1)..<end].firstIndex(where: { Self.key(of: $0) == "from" }) {
                lines[line] = from
            } else {
                lines.insert(from, at: header + 1)
            }
        } else {
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += ["[notify]", from]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func isTableHeader(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasPrefix("[")
    }

    private static func tableName(of header: String) -> String {
        header.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "[]")).trimmingCharacters(in: .whitespaces)
    }

    /// The key a `key = value` line sets (quotes taken off); nil for other lines.
    private static func key(of line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }

    /// How many brackets the value of these lines leaves open (strings and comments aside, as the
    /// ids and comments of a notifier list hold none).
    private static func openBrackets(_ lines: ArraySlice<String>) -> Int {
        lines.reduce(0) { open, line in
            let value = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return open + value.filter { $0 == "[" }.count - value.filter { $0 == "]" }.count
        }
    }
}
