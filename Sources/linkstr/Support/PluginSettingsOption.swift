/// The `--set key=value` options of the plugin commands, as a plugin's configuration.
enum PluginSettingsOption {
    static func parse(_ settings: [String]) throws(CLIFailure) -> [String: String] {
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
