import Foundation

extension ProfileSettings {
    /// The text of a config.toml with `[profiles] auto_lock_minutes` set to `minutes`, everything
    /// else kept as written (comments, other settings, their order): the setting's line is replaced
    /// where the `[profiles]` table has it, else added under the table's header, else a `[profiles]`
    /// table is appended. The caller reads the result back to check it says what was meant (a file
    /// that sets it another way, such as an inline table, is not changed by this).
    public static func settingAutoLockMinutes(_ minutes: Int, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let setting = "auto_lock_minutes = \(minutes)"
        let isHeader = { (line: String) in line.trimmingCharacters(in: .whitespaces).hasPrefix("[") }
        guard let header = lines.firstIndex(where: { Self.tableName($0) == "profiles" }) else {
            return (lines + (lines.isEmpty ? [] : [""]) + ["[profiles]", setting]).joined(separator: "\n") + "\n"
        }
        let end = lines[(header + 1)...].firstIndex(where: isHeader) ?? lines.count
        if let line = lines[(header + 1)..<end].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("auto_lock_minutes") }) {
            lines[line] = setting
        } else {
            lines.insert(setting, at: header + 1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The name of the table a `[name]` header line opens (a trailing comment allowed); nil for any other line.
    private static func tableName(_ line: String) -> String? {
        let trimmed = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?.trimmingCharacters(in: .whitespaces) ?? ""
        guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[["), trimmed.hasSuffix("]") else { return nil }
        return trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
    }
}
