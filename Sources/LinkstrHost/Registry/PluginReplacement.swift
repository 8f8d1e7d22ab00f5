/// A plugin file left out because a plugin with its id was found earlier in the search path.
public struct PluginReplacement: Equatable, Sendable, CustomStringConvertible {
    public var pluginID: String
    /// The file used.
    public var used: String
    /// The file left out.
    public var replaced: String

    /// The log line that says which plugin won.
    public var description: String {
        "plugin '\(pluginID)' from \(used) is used; \(replaced), with the same id later in the search path, is not loaded"
    }
}
