import Foundation

/// Writes and removes the files of the desktop integration (the systemd unit, the `.desktop` file,
/// `mimeapps.list`), turning file-system errors into sentences that name the path.
enum IntegrationFile {
    /// Writes `text` to `path` atomically (mode 0644), creating missing folders (mode 0755).
    static func write(_ text: String, to path: String) throws(CLIFailure) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw CLIFailure(.failed, "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        } catch {
            throw CLIFailure(.failed, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The text of `path`, or nil when there is no such file.
    static func read(_ path: String) throws(CLIFailure) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIFailure(.failed, "cannot read \(path): \(error.localizedDescription)")
        }
    }

    static func remove(_ path: String) throws(CLIFailure) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw CLIFailure(.failed, "cannot remove \(path): \(error.localizedDescription)")
        }
    }

    /// The XDG data folder of an `applications` folder (`<data>/applications`), where the icon theme
    /// and `metainfo` are too; nil for any other folder.
    static func dataFolder(ofApplicationsFolder applicationsFolder: String) -> String? {
        let folder = applicationsFolder as NSString
        guard folder.lastPathComponent == "applications", folder.deletingLastPathComponent != "/" else { return nil }
        return folder.deletingLastPathComponent
    }

    /// Removes the file at `path` if it starts with `marker` (linkstr wrote it); returns whether it did.
    static func removeIfWritten(_ path: String, marker: String) throws(CLIFailure) -> Bool {
        guard let existing = try? read(path), existing.hasPrefix(marker) else { return false }
        try remove(path)
        return true
    }

    /// `path` made absolute against the working directory, `~/` expanded.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL.path }
        if path == "~" || path.hasPrefix("~/") { return NSHomeDirectory() + path.dropFirst() }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/" + path).standardizedFileURL.path
    }
}
