/// A configuration file that cannot be used, with the place and the reason.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, or the environment variable (`LINKSTR_LOG`) the setting comes from.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var place = path
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(reason)"
    }
}
