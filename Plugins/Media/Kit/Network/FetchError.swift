import LinkstrPluginKit

/// Why a metadata or thumbnail request failed; each description is a sentence a person can act on.
enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupportedScheme(String)
    case invalidURL(String)
    case privateAddress(host: String, address: String)
    case unresolvable(host: String, reason: String)
    /// `byConfiguration`: refused by a setting (a private address), not because of the link.
    case redirectRefused(String, byConfiguration: Bool = false)
    case tooManyRedirects(Int)
    case status(Int, url: String)
    case timeout(seconds: Double)
    case transport(String)
    case cancelled
    case notAnImage(String)
    case nothingFound(String)
    case recentlyFailed(String)
    case storage(String)

    var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            "refused a \(scheme): URL; only http and https are fetched"
        case .invalidURL(let url):
            "'\(url)' is not a valid http(s) URL"
        case .privateAddress(let host, let address):
            "refused to fetch \(host): it resolves to the private or local address \(address); set allow_private_addresses = true (or \"loopback\") in the plugin's config section to allow it"
        case .unresolvable(let host, let reason):
            "cannot resolve \(host): \(reason)"
        case .redirectRefused(let reason, _):
            "refused a redirect \(reason)"
        case .tooManyRedirects(let hops):
            "gave up after \(hops) redirects"
        case .status(let code, let url):
            "\(url) answered HTTP \(code)"
        case .timeout(let seconds):
            "no complete answer within \(seconds.formatted()) s"
        case .transport(let reason):
            "the request failed: \(reason)"
        case .cancelled:
            "cancelled"
        case .notAnImage(let url):
            "\(url) is not a JPEG, PNG, GIF, WebP or AVIF image"
        case .nothingFound(let url):
            "\(url) has no title or thumbnail (no oEmbed, OpenGraph, Twitter-card or <title>)"
        case .recentlyFailed(let reason):
            reason
        case .storage(let reason):
            reason
        }
    }

    /// Whether the link is to be remembered as failing (not asked again for a while): not when the
    /// request was cancelled, nor when a setting refused it — changing the setting, as the error
    /// says, must take effect at once.
    var isRememberedAsFailing: Bool {
        switch self {
        case .cancelled, .privateAddress: false
        case .redirectRefused(_, let byConfiguration): !byConfiguration
        default: true
        }
    }

    /// The ABI status this failure maps to.
    var status: LKHStatus {
        switch self {
        case .unsupportedScheme, .invalidURL: .invalid
        case .privateAddress, .redirectRefused: .permission
        case .unresolvable, .transport: .unavailable
        case .tooManyRedirects, .notAnImage: .protocol
        case .status(let code, _): code == 404 || code == 410 ? .notFound : .unavailable
        case .timeout: .timeout
        case .cancelled: .cancelled
        case .nothingFound: .notFound
        case .recentlyFailed: .unavailable
        case .storage: .io
        }
    }
}
