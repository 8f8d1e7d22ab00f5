/// Where linkstr keeps its files.
///
/// With a home folder (`--home DIR` or `LINKSTR_HOME`) everything lives under it: `DIR/config.toml`,
/// `DIR/data`, `DIR/cache`, `DIR/state`. Otherwise the XDG base directories are used:
/// `$XDG_CONFIG_HOME/linkstr/config.toml`, `$XDG_DATA_HOME/linkstr`, `$XDG_CACHE_HOME/linkstr`,
/// `$XDG_STATE_HOME/linkstr`, with the XDG defaults under `$HOME`.
public struct LinkstrPaths: Equatable, Sendable {
    public var home: String?
    public var configFile: String
    public var dataDirectory: String
    public var cacheDirectory: String
    public var stateDirectory: String

    /// Plugins the user installed: `<data>/plugins`.
    public var userPluginDirectory: String { dataDirectory + "/plugins" }

    /// - Parameters:
    ///   - home: `--home`, which wins over `LINKSTR_HOME`.
    ///   - configFile: `--config`, which wins over the folder's `config.toml`.
    ///   - environment: the process environment (read explicitly so tests can point it anywhere).
    public static func resolve(home: String?, configFile: String?, environment: [String: String]) -> LinkstrPaths {
        if let home = home ?? environment["LINKSTR_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root = absolute(home, environment: environment)
            return LinkstrPaths(
                home: root,
                configFile: configFile.map { absolute($0, environment: environment) } ?? root + "/config.toml",
                dataDirectory: root + "/data", cacheDirectory: root + "/cache", stateDirectory: root + "/state")
        }
        let userHome = environment["HOME"] ?? "/"
        func xdg(_ variable: String, _ fallback: String) -> String {
            // The XDG spec ignores relative values.
            if let value = environment[variable], value.hasPrefix("/") { return value + "/linkstr" }
            return userHome + "/" + fallback + "/linkstr"
        }
        return LinkstrPaths(
            home: nil,
            configFile: configFile.map { absolute($0, environment: environment) } ?? xdg("XDG_CONFIG_HOME", ".config") + "/config.toml",
            dataDirectory: xdg("XDG_DATA_HOME", ".local/share"),
            cacheDirectory: xdg("XDG_CACHE_HOME", ".cache"),
            stateDirectory: xdg("XDG_STATE_HOME", ".local/state"))
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? "") + path.dropFirst() }
        let workingDirectory = environment["PWD"] ?? FileSystem.currentDirectory()
        return workingDirectory + "/" + path
    }
}
