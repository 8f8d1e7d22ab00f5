import LinkstrHost

/// Why the media providers gave no metadata, resolution or video for a link.
public enum MediaFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No installed provider claims the URL or implements the operation.
    case noProvider(String)
    /// The provider refused or failed; its status and message.
    case plugin(pluginID: String, PluginError)
    case cache(VideoCacheError)
    /// The provider answered something linkstr cannot read.
    case badAnswer(String)
    /// Runtime resolution says the link has nothing to extract (an X post without a video).
    case notPlayable(String)

    public var description: String {
        switch self {
        case .noProvider(let reason): reason
        case .plugin(let pluginID, let error): "\(pluginID): \(error)"
        case .cache(let error): error.description
        case .badAnswer(let reason): reason
        case .notPlayable(let reason): reason
        }
    }

    /// The provider's status code, when a provider failed.
    public var status: LKHStatus? {
        if case .plugin(_, let error) = self { return error.status }
        return nil
    }
}
