import Foundation

/// linkstr's icon (scalable, freedesktop icon theme name `linkstr`), written by `desktop install` next
/// to the `.desktop` file: `<data>/icons/hicolor/scalable/apps/linkstr.svg` for `<data>/applications`.
enum DesktopIcon {
    /// The icon theme name (`Icon=` of the desktop file).
    static let name = "linkstr"
    /// The file name inside `hicolor/scalable/apps`.
    static let fileName = "linkstr.svg"
    /// The comment every icon file linkstr writes starts with; `desktop uninstall` removes only such files.
    static let marker = "<!-- linkstr: written by `linkstr desktop install`; `linkstr desktop uninstall` removes it. -->"

    /// Where the icon goes for a desktop file in `applicationsFolder`: the icon theme of the same XDG
    /// data folder. Nil when the folder is not an `applications` folder of a data folder (then there
    /// is no icon theme to put it in).
    static func path(forApplicationsFolder applicationsFolder: String) -> String? {
        IntegrationFile.dataFolder(ofApplicationsFolder: applicationsFolder).map { $0 + "/icons/hicolor/scalable/apps/" + fileName }
    }

    /// Writes the icon to `path`, unless a file linkstr did not write is there. Returns whether it
    /// wrote it; a failure is a note, not an error: the handler works without its icon.
    static func install(at path: String) -> Bool {
        if let existing = try? IntegrationFile.read(path), !existing.hasPrefix(marker) {
            Terminal.say("note: \(path) was not written by linkstr; left as it is")
            return false
        }
        do {
            try IntegrationFile.write(svg, to: path)
            return true
        } catch {
            Terminal.say("note: \(error.message); the handler has no icon")
            return false
        }
    }

    /// Removes the icon at `path` if linkstr wrote it; returns whether it did.
    static func remove(at path: String) throws(CLIFailure) -> Bool {
        try IntegrationFile.removeIfWritten(path, marker: marker)
    }

    /// Two links of a chain on a rounded square, in the terminal output's Tokyo Night colours.
    static let svg = """
        \(marker)
        <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
          <rect x="4" y="4" width="120" height="120" rx="28" fill="#1a1b26"/>
          <g fill="none" stroke-width="12" stroke-linecap="round">
            <rect x="22" y="48" width="52" height="32" rx="16" stroke="#7aa2f7" transform="rotate(-35 48 64)"/>
            <rect x="54" y="48" width="52" height="32" rx="16" stroke="#bb9af7" transform="rotate(-35 80 64)"/>
          </g>
        </svg>

        """
}
