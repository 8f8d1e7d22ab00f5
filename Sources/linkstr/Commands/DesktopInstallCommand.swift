import ArgumentParser
import Foundation
import LinkstrHost

/// `linkstr desktop install`: writes `linkstr.desktop` (`Exec=linkstr open --launch --quiet %u`, MIME type
/// `x-scheme-handler/linkstr`) and its icon, and makes it the default handler for `linkstr://` links.
struct DesktopInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Write linkstr.desktop (and its icon) and make it the default handler for linkstr:// links.",
        discussion: """
            The handler runs this linkstr program (or --exec) as `linkstr open LINK`, with the same \
            --home and --config as this command. The default is set with xdg-mime when it is installed, \
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

        var registeredWith: String?
        var databaseUpdated = false
        if !file.noRegister {
            databaseUpdated = file.updateDesktopDatabase()
            registeredWith = try Self.makeDefault()
        }
        if global.json {
            var object: [String: Any] = [
                "desktop_file": path, "exec": entry.arguments + ["%u"], "save_exec": entry.saveArguments + ["%u"], "database_updated": databaseUpdated,
            ]
            object["icon_file"] = icon
            object["registered_with"] = registeredWith
            Terminal.printJSON(object)
            return
        }
        var text = "wrote \(path)" + (icon.map { " and \($0)" } ?? "") + "\n"
        if let registeredWith {
            text += "linkstr:// links now open with `linkstr open` (default set with \(registeredWith))\n"
            text += "try it:   xdg-open 'linkstr://open?url=https%3A%2F%2Fexample.com'\n"
        }
        Terminal.write(text)
    }

    /// Makes linkstr.desktop the default for `x-scheme-handler/linkstr`; returns what set it.
    private static func makeDefault() throws(CLIFailure) -> String {
        if let xdgMime = HelperProgram("xdg-mime") {
            let arguments = ["default", DesktopEntry.fileName, DesktopEntry.schemeMimeType]
            let outcome = xdgMime.run(arguments)
            if outcome.succeeded { return "xdg-mime" }
            Terminal.say("note: `\(xdgMime.commandLine(arguments))` failed (\(outcome.output)); editing mimeapps.list instead")
        }
        let listPath = UserDirectories().mimeAppsList
        var list = try MimeAppsList(path: listPath)
        list.setDefault(DesktopEntry.fileName, for: DesktopEntry.schemeMimeType)
        try IntegrationFile.write(list.text, to: listPath)
        return listPath
    }
}
