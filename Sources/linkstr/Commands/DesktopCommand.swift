import ArgumentParser
import Foundation
import LinkstrRuntime

/// `linkstr desktop …`: the app's launcher, and the handler that opens `linkstr://` and `bunker://`
/// links clicked in a browser or chat in the app.
struct DesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Install the app's launcher and make linkstr the desktop's handler for linkstr:// links.",
        discussion: """
            Example:
              linkstr desktop install
              xdg-open 'linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ'
              linkstr desktop uninstall
            """,
        subcommands: [Install.self, Uninstall.self])
}

extension DesktopCommand {
    /// `linkstr desktop install`: writes `linkstr.desktop` (the app's launcher, `Exec=linkstr app open %u`, MIME
    /// type `x-scheme-handler/linkstr`), `linkstr-signer.desktop` (`bunker://` and `nostrconnect://` links,
    /// also opened in the app), the icon and the AppStream metainfo file, and makes them the default
    /// handlers of those links.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write the app's launcher (linkstr.desktop, its icon and AppStream metainfo) and make it the default handler for linkstr://, bunker:// and nostrconnect:// links.",
            discussion: """
                The launcher runs this linkstr program (or --exec) as `linkstr app open`, and a clicked \
                link as `linkstr app open LINK` (the app opens at the link's page and asks there), with the same \
                --home and --config as this command. bunker:// and nostrconnect:// links (remote signers) \
                have their own handler (linkstr-signer.desktop), which opens them in the app too. The \
                metainfo file goes to ../metainfo of the applications folder. The default is set with \
                xdg-mime when it is installed, otherwise in $XDG_CONFIG_HOME/mimeapps.list; \
                update-desktop-database runs when present.

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
            let metainfo = try file.metainfoPath.flatMap { try DesktopMetainfo.install(at: $0) ? $0 : nil }
            try IntegrationFile.write(entry.text, to: path)
            try IntegrationFile.write(entry.signerLinkText, to: file.signerLinkPath)

            var registeredWith: String?
            var databaseUpdated = false
            if !file.noRegister {
                databaseUpdated = file.updateDesktopDatabase()
                registeredWith = try Self.makeDefault()
            }
            if global.json {
                Terminal.printJSON(
                    Record(
                        desktopFile: path, signerLinkFile: file.signerLinkPath, iconFile: icon, metainfoFile: metainfo, exec: entry.arguments + ["%u"],
                        windowClass: DesktopEntry.windowClass, databaseUpdated: databaseUpdated, registeredWith: registeredWith))
                return
            }
            var text = "wrote \(([path, file.signerLinkPath] + [icon, metainfo].compactMap { $0 }).joined(separator: ", "))\n"
            if let registeredWith {
                text += "linkstr://, bunker:// and nostrconnect:// links now open in the app (default set with \(registeredWith))\n"
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
}

extension DesktopCommand {
    /// `linkstr desktop uninstall`: removes the `.desktop` files, the icon and the metainfo file `desktop install` wrote, and
    /// linkstr's entries in `mimeapps.list`. A file linkstr did not write is left alone.
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Remove linkstr.desktop, linkstr-signer.desktop, the icon, the metainfo file and linkstr's default-handler entries.",
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
            let removedMetainfo = try file.metainfoPath.map(DesktopMetainfo.remove(at:)) ?? false
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
                Terminal.printJSON(
                    Record(
                        desktopFile: path, removed: removedFile, signerLinkFile: file.signerLinkPath, signerLinkRemoved: removedSignerLinkFile,
                        iconRemoved: removedIcon, metainfoRemoved: removedMetainfo, defaultRemoved: removedDefault))
                return
            }
            var text = removedFile ? "removed \(path)\n" : "nothing to remove: there is no \(path)\n"
            if removedSignerLinkFile { text += "removed \(file.signerLinkPath)\n" }
            if removedIcon, let iconPath = file.iconPath { text += "removed \(iconPath)\n" }
            if removedMetainfo, let metainfoPath = file.metainfoPath { text += "removed \(metainfoPath)\n" }
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
}

/// Where the `.desktop` file goes: shared by `desktop install` and `desktop uninstall`.
struct DesktopFileOptions: ParsableArguments {
    @Option(
        name: .customLong("applications-dir"),
        help: ArgumentHelp(
            "Put linkstr.desktop into this folder instead of $XDG_DATA_HOME/applications (~/.local/share/applications); the icon goes to ../icons/hicolor/scalable/apps and the metainfo file to ../metainfo when the folder is named applications.",
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
    /// The AppStream metainfo file in the same data folder, when the folder is in one.
    var metainfoPath: String? { DesktopMetainfo.path(forApplicationsFolder: folder) }

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

extension DesktopCommand.Install {
    /// `{"desktop_file","signer_link_file","icon_file"?,"metainfo_file"?,"exec","window_class","database_updated","registered_with"?}`.
    struct Record: Encodable {
        let desktopFile: String
        let signerLinkFile: String
        let iconFile: String?
        let metainfoFile: String?
        let exec: [String]
        let windowClass: String
        let databaseUpdated: Bool
        /// The tool that made linkstr the default handler, when one did.
        let registeredWith: String?

        enum CodingKeys: String, CodingKey {
            case exec
            case desktopFile = "desktop_file"
            case signerLinkFile = "signer_link_file"
            case iconFile = "icon_file"
            case metainfoFile = "metainfo_file"
            case windowClass = "window_class"
            case databaseUpdated = "database_updated"
            case registeredWith = "registered_with"
        }
    }
}

extension DesktopCommand.Uninstall {
    /// `{"desktop_file","removed","signer_link_file","signer_link_removed","icon_removed","metainfo_removed","default_removed"}`.
    struct Record: Encodable {
        let desktopFile: String
        let removed: Bool
        let signerLinkFile: String
        let signerLinkRemoved: Bool
        let iconRemoved: Bool
        let metainfoRemoved: Bool
        let defaultRemoved: Bool

        enum CodingKeys: String, CodingKey {
            case removed
            case desktopFile = "desktop_file"
            case signerLinkFile = "signer_link_file"
            case signerLinkRemoved = "signer_link_removed"
            case iconRemoved = "icon_removed"
            case metainfoRemoved = "metainfo_removed"
            case defaultRemoved = "default_removed"
        }
    }
}
