import ArgumentParser
import Foundation

/// `linkstr desktop uninstall`: removes the `.desktop` file and the icon `desktop install` wrote, and
/// linkstr's entry in `mimeapps.list`. A file linkstr did not write is left alone.
struct DesktopUninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove linkstr.desktop, its icon and linkstr's default-handler entry.",
        discussion: """
            Nothing to remove is not an error. A linkstr.desktop that linkstr did not write is refused.

            Example:
              linkstr desktop uninstall
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var file: DesktopFileOptions

    func run() throws {
        let path = file.path
        var removedFile = false
        if let text = try IntegrationFile.read(path) {
            guard text.hasPrefix(DesktopEntry.marker) else {
                throw CLIFailure(.failed, "\(path) was not written by `linkstr desktop install`; remove it yourself if you mean to")
            }
            try IntegrationFile.remove(path)
            removedFile = true
        }
        let removedIcon = try file.iconPath.map(DesktopIcon.remove(at:)) ?? false
        var removedDefault = false
        if !file.noRegister {
            let listPath = UserDirectories().mimeAppsList
            var list = try MimeAppsList(path: listPath)
            if list.removeDefault(DesktopEntry.fileName, for: DesktopEntry.schemeMimeType) {
                try IntegrationFile.write(list.text, to: listPath)
                removedDefault = true
            }
            if removedFile { _ = file.updateDesktopDatabase() }
        }
        if global.json {
            Terminal.printJSON(["desktop_file": path, "removed": removedFile, "icon_removed": removedIcon, "default_removed": removedDefault])
            return
        }
        var text = removedFile ? "removed \(path)\n" : "nothing to remove: there is no \(path)\n"
        if removedIcon, let iconPath = file.iconPath { text += "removed \(iconPath)\n" }
        if removedDefault { text += "removed linkstr.desktop as the default handler for linkstr:// links\n" }
        Terminal.write(text)
    }
}
