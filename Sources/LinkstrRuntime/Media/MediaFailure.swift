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

extension MediaFailure {
    /// Whether a failed fetch means the link has no video to extract (rather than a broken cache or
    /// an interrupted download): then its page is what there is to watch.
    public var leavesOnlyThePage: Bool {
        switch self {
        case .noProvider, .notPlayable: true
        case .plugin: status != .cancelled && !Task.isCancelled
        case .cache, .badAnswer: false
        }
    }
}

extension LinkstrError {
    /// A media operation that failed on a link, its sentence after `context` ("cannot resolve <url>"):
    /// bad input when the provider refused the link as invalid, else a failure.
    public init(_ failure: MediaFailure, _ context: String) {
        self.init(failure.status == .invalid ? .badInput : .failed, "\(context): \(failure)")
    }
}
