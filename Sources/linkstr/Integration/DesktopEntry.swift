import LinkstrWebApp

/// The `.desktop` files of linkstr (freedesktop Desktop Entry Specification 1.4, which desktop-file-validate
/// 0.26 knows): the app's launcher, which is also the handler of `linkstr://` links
/// (`x-scheme-handler/linkstr`), and the handler of remote signer links (`bunker://`, `nostrconnect://`).
/// Both run `linkstr app open LINK`, which opens the app at the link's screen: nothing happens before
/// the person confirms it there.
struct DesktopEntry {
    /// The desktop file id: the file name, and the value `mimeapps.list` refers to.
    static let fileName = "linkstr.desktop"
    /// The MIME type desktops use for links of the `linkstr` scheme.
    static let schemeMimeType = "x-scheme-handler/linkstr"
    /// The desktop file id of the remote signer link handler.
    static let signerLinkFileName = "linkstr-signer.desktop"
    static let signerLinkMimeTypes = ["x-scheme-handler/bunker", "x-scheme-handler/nostrconnect"]
    /// The first line of every desktop file linkstr writes; `desktop uninstall` removes only such files.
    static let marker = "# Written by `linkstr desktop install`; `linkstr desktop uninstall` removes it."
    /// The app window's class (`linkstr app` starts Chromium with `--class=linkstr`), so the desktop
    /// shows the window as the launcher's.
    static let windowClass = AppWindow.windowClass

    /// The absolute path of the `linkstr` program to run.
    var executable: String
    /// The home folder (`--home` / `LINKSTR_HOME`) the handler uses, or nil for the XDG folders.
    var home: String?
    /// A `--config` file, or nil.
    var configFile: String?

    /// The arguments before the link (`%u`, empty when the launcher is started from the menu), unquoted.
    var arguments: [String] { arguments(["app", "open"]) }

    /// The file's text.
    var text: String {
        """
            \(Self.marker)
            [Desktop Entry]
            Type=Application
            Version=1.4
            Name=linkstr
            GenericName=Private link sharing
            Comment=Share links and videos in private sessions
            Exec=\(Self.exec(arguments))
            TryExec=\(Self.escapeString(executable))
            Icon=\(DesktopIcon.name)
            Terminal=false
            StartupWMClass=\(Self.windowClass)
            MimeType=\(Self.schemeMimeType);
            Categories=Network;Chat;
            Keywords=nostr;links;videos;share;

            """
    }

    /// The text of the remote signer link handler's file.
    var signerLinkText: String {
        """
            \(Self.marker)
            [Desktop Entry]
            Type=Application
            Version=1.4
            Name=linkstr (remote signer)
            Comment=Use a key that lives in a remote signer, from its bunker:// or nostrconnect:// link
            Exec=\(Self.exec(arguments))
            TryExec=\(Self.escapeString(executable))
            Icon=\(DesktopIcon.name)
            Terminal=false
            NoDisplay=true
            StartupWMClass=\(Self.windowClass)
            MimeType=\(Self.signerLinkMimeTypes.map { $0 + ";" }.joined())
            Categories=Network;

            """
    }

    private func arguments(_ command: [String]) -> [String] {
        var arguments = [executable] + command
        if let home { arguments += ["--home", home] }
        if let configFile { arguments += ["--config", configFile] }
        return arguments
    }

    /// An `Exec=` value: the quoted arguments and the link.
    private static func exec(_ arguments: [String]) -> String {
        escapeString(arguments.map(quoteArgument).joined(separator: " ") + " %u")
    }

    /// One argument of `Exec=`: reserved characters force double quotes, inside which `"`, `` ` ``,
    /// `$` and `\` are backslash-escaped; `%` is doubled (field codes).
    static func quoteArgument(_ argument: String) -> String {
        let percentEscaped = argument.replacingOccurrences(of: "%", with: "%%")
        let reserved = " \t\n\"'\\><~|&;$*?#()`"
        guard percentEscaped.isEmpty || percentEscaped.contains(where: { reserved.contains($0) }) else { return percentEscaped }
        var quoted = ""
        for character in percentEscaped {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return "\"" + quoted + "\""
    }

    /// A value of type string: backslashes, and the line breaks and tabs it may not hold, escaped.
    static func escapeString(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\r", with: "\\r")
    }
}
