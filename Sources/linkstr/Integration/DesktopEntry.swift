/// The `.desktop` files that make linkstr the handler of `linkstr://` links
/// (`x-scheme-handler/linkstr`; freedesktop Desktop Entry Specification 1.4, which desktop-file-validate 0.26 knows),
/// and of remote signer links (`bunker://`, `nostrconnect://`), which open in a terminal to ask before connecting.
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

    /// The absolute path of the `linkstr` program to run.
    var executable: String
    /// The home folder (`--home` / `LINKSTR_HOME`) the handler uses, or nil for the XDG folders.
    var home: String?
    /// A `--config` file, or nil.
    var configFile: String?

    /// The arguments before the link (`%u`), unquoted. No terminal asks about a `linkstr://save`
    /// link or shows what it did: --quiet asks and tells with notifications.
    var arguments: [String] { arguments(["open", "--launch", "--quiet"]) }

    /// The arguments of the "Save link" action before the link: saves it without a terminal and
    /// shows the result as a desktop notification.
    var saveArguments: [String] { arguments(["save", "--quiet"]) }

    /// The arguments of the remote signer link handler before the link: `linkstr open` in a
    /// terminal, where it shows the signer and asks before connecting.
    var signerLinkArguments: [String] { arguments(["open"]) }

    /// The file's text.
    var text: String {
        """
            \(Self.marker)
            [Desktop Entry]
            Type=Application
            Version=1.4
            Name=linkstr
            GenericName=Private link sharing
            Comment=Open linkstr:// links shared in your private sessions
            Exec=\(Self.exec(arguments))
            TryExec=\(Self.escapeString(executable))
            Icon=\(DesktopIcon.name)
            Terminal=false
            NoDisplay=true
            MimeType=\(Self.schemeMimeType);
            Categories=Network;
            Keywords=nostr;links;videos;share;
            Actions=save;

            [Desktop Action save]
            Name=Save link
            Exec=\(Self.exec(saveArguments))

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
            Exec=\(Self.exec(signerLinkArguments))
            TryExec=\(Self.escapeString(executable))
            Icon=\(DesktopIcon.name)
            Terminal=true
            NoDisplay=true
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
