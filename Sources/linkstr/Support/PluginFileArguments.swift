import Foundation

/// The arguments the commands on one plugin file share: the file, and `--set key=value`.
enum PluginFileArguments {
    /// Refuses (exit 2) a `path` where there is no file; `what` names the plugin, e.g. "a storage plugin".
    static func requireFile(_ path: String, what: String = "a plugin") throws(CLIFailure) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CLIFailure(.usage, "there is no plugin file at \(path); give the path of \(what)'s .so file")
        }
    }

    /// The `--set key=value` options as a plugin's configuration.
    static func settings(_ settings: [String]) throws(CLIFailure) -> [String: String] {
        var configuration: [String: String] = [:]
        for setting in settings {
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw CLIFailure(.usage, "--set \(setting) is not key=value; write it like --set path=/tmp/store.db")
            }
            configuration[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
        }
        return configuration
    }
}
