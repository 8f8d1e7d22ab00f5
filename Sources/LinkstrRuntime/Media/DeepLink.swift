import Foundation
import LinkstrEngine

/// A `linkstr://open?…` deep link, in either of its two formats:
/// - `payload`: the iPhone app's `linkstr://open?p=<token>`, the token being unpadded base64url of the
///   JSON object `{"url","timestamp","messageGUID"}` (all three required);
/// - `url`: `linkstr://open?url=<percent-encoded URL>` (what the newer iPhone app shares).
///
/// Decoding follows the app: scheme `linkstr` and host `open` in any case, path empty or `/`, the
/// first `p` item wins over any `url` item, and the URL must pass `WebURL` and is replaced by its
/// normalised form.
///
/// Thread rule: a value type; encoding and decoding are pure.
public struct DeepLink: Equatable, Sendable {
    public enum Format: String, Sendable {
        case payload, url
    }

    public var url: String
    /// Seconds since the epoch (payload format only; 0 when the sender set none).
    public var timestamp: Int64?
    /// The post's message id (payload format only).
    public var messageGUID: String?
    public var format: Format

    /// A payload-format link (what the iPhone app opens).
    public init(url: String, timestamp: Int64, messageGUID: String) {
        self.url = url
        self.timestamp = timestamp
        self.messageGUID = messageGUID
        self.format = .payload
    }

    /// A url-format link.
    public init(url: String) {
        self.url = url
        self.format = .url
    }

    private struct Payload: Codable {
        var url: String
        var timestamp: Int64
        var messageGUID: String
    }

    /// Parses and validates a deep link.
    public static func decode(_ link: String) throws(DeepLinkError) -> DeepLink {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), components.scheme?.lowercased() == "linkstr" else {
            throw .notALinkstrLink(trimmed)
        }
        guard components.host?.lowercased() == "open" else { throw .unknownAction(components.host ?? "") }
        guard components.path.isEmpty || components.path == "/" else { throw .unexpectedPath(components.path) }
        let items = components.queryItems ?? []
        if let token = items.first(where: { $0.name == "p" })?.value {
            return try decodePayload(token)
        }
        guard let value = items.first(where: { $0.name == "url" })?.value else { throw .missingParameter }
        return DeepLink(url: try normalize(value))
    }

    private static func decodePayload(_ token: String) throws(DeepLinkError) -> DeepLink {
        guard !token.isEmpty else { throw .invalidToken("it is empty") }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard base64.count % 4 != 1 else { throw .invalidToken("its length is impossible for base64") }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { throw .invalidToken("it contains characters outside the base64url alphabet") }
        let payload: Payload
        do {
            payload = try JSONDecoder().decode(Payload.self, from: data)
        } catch {
            throw .invalidPayload("expected JSON {\"url\": string, \"timestamp\": integer, \"messageGUID\": string}")
        }
        return DeepLink(url: try normalize(payload.url), timestamp: payload.timestamp, messageGUID: payload.messageGUID)
    }

    /// The URL rule of posts (`WebURL`).
    private static func normalize(_ url: String) throws(DeepLinkError) -> String {
        do {
            return try WebURL.normalize(url)
        } catch {
            throw .invalidURL(error.reason)
        }
    }

    /// The link text in this link's format. The JSON keys are sorted, so equal links encode equally
    /// (the iPhone app's key order varies; decoders never care).
    public func encoded() -> String {
        switch format {
        case .payload:
            let payload = Payload(url: url, timestamp: timestamp ?? 0, messageGUID: messageGUID ?? "")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding two strings and an integer cannot fail.
            let json = (try? encoder.encode(payload)) ?? Data()
            let token = json.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            return "linkstr://open?p=" + token
        case .url:
            var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
            allowed.insert(charactersIn: "-._~")
            return "linkstr://open?url=" + (url.addingPercentEncoding(withAllowedCharacters: allowed) ?? url)
        }
    }
}

extension DeepLink {
    /// The link that opens `post` (`linkstr share`), in the iPhone app's payload format.
    public init(post: Post) {
        self.init(url: post.url, timestamp: post.createdAt, messageGUID: post.id.hex)
    }
}

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
