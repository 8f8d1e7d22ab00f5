/// Why a plugin was refused: the file, the stage that failed and a reason a person can act on.
///
/// `description` is the one log line the host prints per refused plugin.
public struct PluginLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable {
        case permissions, dlopen, entry, validate, duplicate, create, capability
    }

    public var path: String
    public var pluginID: String?
    public var stage: Stage
    public var reason: String

    public init(path: String, pluginID: String? = nil, stage: Stage, reason: String) {
        self.path = path
        self.pluginID = pluginID
        self.stage = stage
        self.reason = reason
    }

    public var description: String {
        let who = pluginID.map { "plugin '\($0)' (\(path))" } ?? "plugin \(path)"
        return "refused \(who) at \(stage.rawValue): \(reason)"
    }
}
