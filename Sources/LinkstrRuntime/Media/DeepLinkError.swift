/// Why a `linkstr://` deep link cannot be opened. Each description says what is wrong and what a
/// valid link looks like.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case notALinkstrLink(String)
    case unknownAction(String)
    case unexpectedPath(String)
    case missingParameter
    case invalidToken(String)
    case invalidPayload(String)
    case invalidURL(String)

    public var description: String {
        let shape = "expected linkstr://open?p=<token> or linkstr://open?url=<http(s) URL>"
        switch self {
        case .notALinkstrLink(let link): return "'\(link)' is not a linkstr:// link; \(shape)"
        case .unknownAction(let host): return "unknown deep-link action '\(host)'; \(shape)"
        case .unexpectedPath(let path): return "unexpected path '\(path)' in the deep link; \(shape)"
        case .missingParameter: return "the deep link has neither a 'p' nor a 'url' parameter; \(shape)"
        case .invalidToken(let reason): return "the deep link's p token is not valid base64url: \(reason)"
        case .invalidPayload(let reason): return "the deep link's payload is not valid: \(reason)"
        case .invalidURL(let problem): return "the deep link carries an unusable URL: \(problem)"
        }
    }
}
