import ArgumentParser

/// Where the `.desktop` file goes: shared by `desktop install` and `desktop uninstall`.
struct DesktopFileOptions: ParsableArguments {
    @Option(
        name: .customLong("applications-dir"),
        help: ArgumentHelp(
            "Put linkstr.desktop into this folder instead of $XDG_DATA_HOME/applications (~/.local/share/applications); the icon goes to ../icons/hicolor/scalable/apps when the folder is named applications.",
            valueName: "dir"))
    var applicationsDirectory: String?

    @Flag(
        name: .customLong("no-register"),
        help: "Only write or remove the file: leave mimeapps.list and the desktop database alone (for packaging).")
    var noRegister = false

    var folder: String { applicationsDirectory.map(IntegrationFile.absolute) ?? UserDirectories().applications }
    var path: String { folder + "/" + DesktopEntry.fileName }
    var signerLinkPath: String { folder + "/" + DesktopEntry.signerLinkFileName }
    /// linkstr.svg in the icon theme of the same data folder, when the folder is in one.
    var iconPath: String? { DesktopIcon.path(forApplicationsFolder: folder) }

    /// Refreshes the folder's MIME cache when `update-desktop-database` is installed; returns whether it ran.
    func updateDesktopDatabase() -> Bool {
        guard let program = HelperProgram("update-desktop-database") else { return false }
        let outcome = program.run([folder])
        if !outcome.succeeded {
            Terminal.say("note: `\(program.commandLine([folder]))` failed: \(outcome.output)")
        }
        return outcome.succeeded
    }
}
