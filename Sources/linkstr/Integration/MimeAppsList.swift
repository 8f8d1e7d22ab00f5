import Foundation

/// The user's `mimeapps.list` (freedesktop "Association between MIME types and applications"): the
/// `[Default Applications]` section maps a MIME type to desktop file ids. Edits change only the one
/// key they are about and keep every other line, comment and section as it was.
struct MimeAppsList {
    static let defaultsSection = "[Default Applications]"

    var lines: [String]

    /// Reads `path`; a missing file is an empty list.
    init(path: String) throws(CLIFailure) {
        guard FileManager.default.fileExists(atPath: path) else {
            lines = []
            return
        }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
        } catch {
            throw CLIFailure(.failed, "cannot read \(path): \(error.localizedDescription)")
        }
    }

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// The desktop ids listed as defaults for `mimeType`, in order.
    func defaults(for mimeType: String) -> [String] {
        guard let index = keyIndex(mimeType) else { return [] }
        return Self.ids(in: lines[index])
    }

    /// Makes `desktopID` the default for `mimeType` (replacing whatever was there).
    mutating func setDefault(_ desktopID: String, for mimeType: String) {
        let line = "\(mimeType)=\(desktopID);"
        if let index = keyIndex(mimeType) {
            lines[index] = line
            return
        }
        guard let header = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == Self.defaultsSection }) else {
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += [Self.defaultsSection, line]
            return
        }
        // After the section's last key, before the blank lines and the next section.
        var insertAt = header + 1
        var index = header + 1
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("[") {
            if !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { insertAt = index + 1 }
            index += 1
        }
        lines.insert(line, at: insertAt)
    }

    /// Removes `desktopID` from the defaults of `mimeType` (the key goes when nothing is left).
    /// Returns whether anything changed.
    @discardableResult
    mutating func removeDefault(_ desktopID: String, for mimeType: String) -> Bool {
        guard let index = keyIndex(mimeType) else { return false }
        let ids = Self.ids(in: lines[index])
        guard ids.contains(desktopID) else { return false }
        let remaining = ids.filter { $0 != desktopID }
        if remaining.isEmpty {
            lines.remove(at: index)
        } else {
            lines[index] = "\(mimeType)=" + remaining.map { $0 + ";" }.joined()
        }
        return true
    }

    /// The line index of `mimeType=` inside `[Default Applications]`.
    private func keyIndex(_ mimeType: String) -> Int? {
        var inDefaults = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inDefaults = trimmed == Self.defaultsSection
                continue
            }
            guard inDefaults, let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals].trimmingCharacters(in: .whitespaces) == mimeType { return index }
        }
        return nil
    }

    private static func ids(in line: String) -> [String] {
        guard let equals = line.firstIndex(of: "=") else { return [] }
        return line[line.index(after: equals)...].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
