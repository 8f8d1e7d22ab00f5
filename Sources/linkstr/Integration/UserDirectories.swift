import Foundation

/// The per-user folders of the XDG Base Directory specification where desktop integration files go
/// (not linkstr's own state, which `LinkstrPaths` resolves and `--home` moves).
struct UserDirectories {
    /// `$XDG_CONFIG_HOME`, or `~/.config`: systemd user units and `mimeapps.list` live under it.
    var configHome: String
    /// `$XDG_DATA_HOME`, or `~/.local/share`: `applications/*.desktop` lives under it.
    var dataHome: String

    /// Reads the folders from `environment`; a relative `XDG_*` value is ignored, as the spec says.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func folder(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configHome = folder("XDG_CONFIG_HOME", ".config")
        dataHome = folder("XDG_DATA_HOME", ".local/share")
    }

    /// Where `systemctl --user` looks for units the user wrote.
    var systemdUserUnits: String { configHome + "/systemd/user" }

    /// Where desktop environments look for the user's `.desktop` files.
    var applications: String { dataHome + "/applications" }

    /// The user's default-application choices (freedesktop "Association between MIME types and applications").
    var mimeAppsList: String { configHome + "/mimeapps.list" }
}
