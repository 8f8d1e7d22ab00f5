/// The `systemd --user` service that runs `linkstr watch` in the background (`linkstr service install`).
///
/// The unit restarts the watcher when it fails, except for the exit statuses a restart cannot fix
/// (2: bad configuration or usage, 3: no account), and leaves its output to the journal
/// (`journalctl --user -u linkstr`).
struct SystemdUserUnit {
    /// The first line of every unit linkstr writes; `service uninstall` removes only such files.
    static let marker = "# Written by `linkstr service install`; `linkstr service uninstall` removes it."

    /// The unit's name without `.service` (`linkstr` unless `--name` says otherwise).
    var name: String
    /// The absolute path of the `linkstr` program to run.
    var executable: String
    /// The home folder (`--home` / `LINKSTR_HOME`) the service uses, or nil for the XDG folders.
    var home: String?
    /// A `--config` file, or nil.
    var configFile: String?
    /// `LINKSTR_PASSPHRASE_FILE` for an account whose key is in an ncryptsec file, or nil.
    var passphraseFile: String?

    var fileName: String { name + ".service" }

    /// The `linkstr watch …` arguments, before quoting.
    var arguments: [String] {
        var arguments = [executable, "watch"]
        if let home { arguments += ["--home", home] }
        if let configFile { arguments += ["--config", configFile] }
        return arguments
    }

    /// The unit file's text.
    var text: String {
        var lines = [
            Self.marker,
            "[Unit]",
            "Description=\(Self.escapeSpecifiers("linkstr: receive posts and notifications" + (home.map { " for \($0)" } ?? "")))",
            "Documentation=man:linkstr(1)",
            "",
            "[Service]",
            "Type=exec",
            "ExecStart=\(arguments.map(Self.quote).joined(separator: " "))",
            "Restart=on-failure",
            "RestartSec=10s",
            "# 2 = bad configuration or usage, 3 = no account: restarting cannot fix these.",
            "RestartPreventExitStatus=2 3",
            "Environment=NO_COLOR=1",
        ]
        if let passphraseFile { lines.append("Environment=\(Self.quote("LINKSTR_PASSPHRASE_FILE=" + passphraseFile))") }
        lines += [
            "StandardOutput=journal",
            "StandardError=journal",
            "SyslogIdentifier=\(Self.escapeSpecifiers(name))",
            "",
            "[Install]",
            "WantedBy=default.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `name` is a valid unit name prefix (letters, digits, `:`, `-`, `_`, `.`, `\`).
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ":-_.\\".unicodeScalars.contains($0)) }
    }

    /// One word of an `ExecStart=` or `Environment=` line: specifiers (`%`) and variables (`$`)
    /// escaped, double-quoted with C escapes when it holds anything but plain path characters.
    static func quote(_ word: String) -> String {
        var escaped = escapeSpecifiers(word).replacingOccurrences(of: "$", with: "$$")
        let plain = escaped.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+:=@,%$".unicodeScalars.contains($0)) }
        if plain && !escaped.isEmpty { return escaped }
        escaped = escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\t", with: "\\t")
        return "\"" + escaped + "\""
    }

    /// `%` starts a specifier in most unit settings; `%%` is a literal percent sign.
    static func escapeSpecifiers(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%")
    }
}
