import Foundation

/// The credentials sent with each POST. Its description never shows them, so that a log line or an
/// error that mentions it cannot leak a secret.
enum HTTPAuthorization: Sendable, CustomStringConvertible {
    case none
    case bearer(token: String)
    case basic(username: String, password: String)

    /// The `Authorization` header value, or nil.
    var headerValue: String? {
        switch self {
        case .none: nil
        case .bearer(let token): "Bearer \(token)"
        case .basic(let username, let password): "Basic \(Data("\(username):\(password)".utf8).base64EncodedString())"
        }
    }

    var description: String {
        switch self {
        case .none: "no authorization"
        case .bearer: "a bearer token"
        case .basic(let username, _): "basic authorization as \(username)"
        }
    }
}
