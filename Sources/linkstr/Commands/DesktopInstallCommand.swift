import ArgumentParser
import Foundation
import LinkstrHost

/// `linkstr desktop install`: writes `linkstr.desktop` (`Exec=linkstr open --launch --quiet %u`, MIME type
/// `x-scheme-handler/linkstr`), `linkstr-signer.desktop` (`bunker://` and `nostrconnect://` links, in a
/// terminal) and the icon, and makes them the default handlers of those links.
struct DesktopInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Write linkstr.desktop (and its icon) and make it the default handler for linkstr://, bunker:// and nostrconnect:// links.",
        discussion: """
            The handler runs this linkstr program (or --exec) as `linkstr open LINK`, with the same \
            --home and --config as this command. bunker:// and nostrconnect:// links (remote signers) \
            open `linkstr open LINK` in a terminal (linkstr-signer.desktop), which asks before connecting. The default is set with xdg-mime when it is installed, \
            otherwise in $XDG_CONFIG_HOME/mimeapps.list; update-desktop-database runs when present.

            Example:
              linkstr desktop install
              linkstr desktop install --applications-dir /usr/share/applications --exec /usr/bin/linkstr --no-register
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var file: DesktopFileOptions

    @Option(help: ArgumentHelp("Run this linkstr program instead of the one running now.", valueName: "path"))
    var exec: String?

    func run() throws {
        // Only the folders matter here, not the configuration (which `make install` must not read).
        let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: ProcessInfo.processInfo.environment)
        let executable = try RunningExecutable.path(override: exec)
        let entry = DesktopEntry(executable: executable, home: paths.home, configFile: global.config.map { _ in paths.configFile })
        let path = file.path
        let icon = file.iconPath.flatMap { DesktopIcon.install(at: $0) ? $0 : nil }
        try IntegrationFile.write(entry.text, to: path)
        try IntegrationFile.write(entry.signerLinkText, to: file.signerLinkPath)

        var registeredWith: String?
        var databaseUpdated = false
        if !file.noRegister {
            databaseUpdated = file.updateDesktopDatabase()
            registeredWith = try Self.makeDefault()
        }
        if global.json {
            var object: [String: Any] = [
                "desktop_file": path, "signer_link_file": file.signerLinkPath, "exec": entry.arguments + ["%u"], "save_exec": entry.saveArguments + ["%u"], "database_updated": databaseUpdated,
            ]
            object["icon_file"] = icon
            object["registered_with"] = registeredWith
            Terminal.printJSON(object)
            return
        }
        var text = "wrote \(path)" + (icon.map { " and \($0)" } ?? "") + "\n"
        if let registeredWith {
            text += "linkstr:// links now open with `linkstr open` (default set with \(registeredWith))\n"
            text += "bunker:// and nostrconnect:// links open `linkstr open` in a terminal\n"
            text += "try it:   xdg-open 'linkstr://open?url=https%3A%2F%2Fexample.com'\n"
        }
        Terminal.write(text)
    }

    /// Makes linkstr.desktop the default for `x-scheme-handler/linkstr` and linkstr-signer.desktop
    /// for the remote signer links; returns what set them.
    private static func makeDefault() throws(CLIFailure) -> String {
        let handlers = [(DesktopEntry.fileName, [DesktopEntry.schemeMimeType]), (DesktopEntry.signerLinkFileName, DesktopEntry.signerLinkMimeTypes)]
        if let xdgMime = HelperProgram("xdg-mime") {
            var failure: String?
            for (desktopID, mimeTypes) in handlers where failure == nil {
                let arguments = ["default", desktopID] + mimeTypes
                let outcome = xdgMime.run(arguments)
                if !outcome.succeeded { failure = "`\(xdgMime.commandLine(arguments))` failed (\(outcome.output))" }
            }
            guard let failure else { return "xdg-mime" }
            Terminal.say("note: \(failure); editing mimeapps.list instead")
        }
        let listPath = UserDirectories().mimeAppsList
        var list = try MimeAppsList(path: listPath)
        for (desktopID, mimeTypes) in handlers {
            for mimeType in mimeTypes { list.setDefault(desktopID, for: mimeType) }
        }
        try IntegrationFile.write(list.text, to: listPath)
        return listPath
    }
}
