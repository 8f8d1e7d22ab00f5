import Foundation
import LinkstrHost

/// One request from the extension: `{"id": …, "origin": "https://site", "method": "signEvent",
/// "params": {…}}`. The origin is the one the extension saw the page at, never the page's word.
public struct BrowserRequest: @unchecked Sendable {
    /// Echoed in the reply as it came (a string or a number), so the extension can match it.
    public let id: Any
    public let origin: String
    public let method: BrowserMethod
    public let params: [String: Any]

    /// Parses a message; the error names what is missing. `id` is the request's id when it has one
    /// (for the error reply).
    public static func parse(_ message: Data) -> (id: Any, result: Result<BrowserRequest, BrowserRequestError>) {
        guard let object = (try? JSONSerialization.jsonObject(with: message)) as? [String: Any] else {
            return (NSNull(), .failure(BrowserRequestError("the message is not a JSON object")))
        }
        let id = object["id"] ?? NSNull()
        guard let originText = object["origin"] as? String, let origin = BrowserRule.origin(originText) else {
            let shown = (object["origin"] as? String).map { "'\($0)'" } ?? "none"
            return (id, .failure(BrowserRequestError("linkstr refused: the request's origin (\(shown)) is not a web site's https origin (plain http only on this machine: localhost, 127.0.0.1, ::1)")))
        }
        guard let name = object["method"] as? String, let method = BrowserMethod(rawValue: name) else {
            let known = BrowserMethod.allCases.map(\.rawValue).joined(separator: ", ")
            return (id, .failure(BrowserRequestError("unknown method \(object["method"].map { "'\($0)'" } ?? "(none)"); linkstr answers \(known)")))
        }
        let params = object["params"] as? [String: Any] ?? [:]
        return (id, .success(BrowserRequest(id: id, origin: origin, method: method, params: params)))
    }

    /// What the request asks of `account`'s profile (with the event kind for `signEvent`).
    public func permission(of account: BrowserAccount) -> BrowserPermission {
        let kind = method == .signEvent ? ((params["event"] as? [String: Any])?["kind"] as? Int) : nil
        return BrowserPermission(origin: origin, method: method, kind: kind, profile: account.profile, profileName: account.profileName)
    }
}
