/// Why one POST did not deliver, and whether another try may help.
enum HTTPFailure: Error, Sendable {
    /// 4xx: trying again would get the same answer.
    case refused(status: Int, excerpt: String)
    /// 3xx: not followed (the request carries credentials); the setting should name the final address.
    case redirected(status: Int, location: String)
    /// 5xx or 429: the server may be better in a moment.
    case serverFailed(status: Int, excerpt: String)
    /// Nothing reached the server (refused, reset, no route, unknown host).
    case unreachable(reason: String)
    /// The server took the request and did not answer in time; not retried, since it may have
    /// delivered it.
    case timedOut
    case cancelled

    var isRetryable: Bool {
        switch self {
        case .serverFailed, .unreachable: true
        default: false
        }
    }

    /// Whether an HTTP server answered at all.
    var serverAnswered: Bool {
        switch self {
        case .refused, .serverFailed, .redirected: true
        default: false
        }
    }

    /// The reason for a log line ("HTTP 500: busy").
    var reason: String {
        switch self {
        case .refused(let status, let excerpt), .serverFailed(let status, let excerpt):
            excerpt.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(excerpt)"
        case .redirected(let status, let location): "HTTP \(status), redirected to \(location)"
        case .unreachable(let reason): reason
        case .timedOut: "no answer in time"
        case .cancelled: "cancelled"
        }
    }
}
