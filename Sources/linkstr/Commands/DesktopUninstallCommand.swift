import ArgumentParser
import Foundation

/// `linkstr desktop uninstall`: removes the `.desktop` files and the icon `desktop install` wrote, and
/// linkstr's entries in `mimeapps.list`. A file linkstr did not write is left alone.
struct DesktopUninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove linkstr.desktop, linkstr-signer.desktop, the icon and linkstr's default-handler entries.",
        discussion: """
            Nothing to remove is not an error. A linkstr.desktop that linkstr did not write is refused.

            Example:
              linkstr desktop uninstall
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var file: DesktopFileOptions

    func run() throws {
        let path = file.path
        let removedFile = try Self.remove(path)
        let removedSignerLinkFile = try Self.remove(file.signerLinkPath)
        let removedIcon = try file.iconPath.map(DesktopIcon.remove(at:)) ?? false
        var removedDefault = false
        if !file.noRegister {
            let listPath = UserDirectories().mimeAppsList
            var list = try MimeAppsList(path: listPath)
            removedDefault = list.removeDefault(DesktopEntry.fileName, for: DesktopEntry.schemeMimeType)
            for mimeType in DesktopEntry.signerLinkMimeTypes {
                if list.removeDefault(DesktopEntry.signerLinkFileName, for: mimeType) { removedDefault = true }
            }
            if removedDefault { try IntegrationFile.write(list.text, to: listPath) }
            if removedFile || removedSignerLinkFile { _ = file.updateDesktopDatabase() }
        }
        if global.json {
            Terminal.printJSON([
                "desktop_file": path, "removed": removedFile, "signer_link_file": file.signerLinkPath,
                "signer_link_removed": removedSignerLinkFile, "icon_removed": removedIcon, "default_removed": removedDefault,
            ])
            return
        }
        var text = removedFile ? "removed \(path)\n" : "nothing to remove: there is no \(path)\n"
        if removedSignerLinkFile { text += "removed \(file.signerLinkPath)\n" }
        if removedIcon, let iconPath = file.iconPath { text += "removed \(iconPath)\n" }
        if removedDefault { text += "removed linkstr as the default handler for linkstr://, bunker:// and nostrconnect:// links\n" }
        Terminal.write(text)
    }

    /// Removes the desktop file at `path` if `desktop install` wrote it; returns whether there was one.
    private static func remove(_ path: String) throws -> Bool {
        guard let text = try IntegrationFile.read(path) else { return false }
        guard text.hasPrefix(DesktopEntry.marker) else {
            throw CLIFailure(.failed, "\(path) was not written by `linkstr desktop install`; remove it yourself if you mean to")
        }
        try IntegrationFile.remove(path)
        return true
    }
}
