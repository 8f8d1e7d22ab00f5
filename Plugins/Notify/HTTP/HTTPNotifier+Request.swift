import Foundation
import LinkstrPluginKit
import NotifierKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPNotifier {
    /// The POST for one notification, in the configured format.
    func request(for message: NotificationMessage) -> URLRequest {
        var request = URLRequest(url: settings.endpoint, timeoutInterval: settings.timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue("linkstr/0.1.0", forHTTPHeaderField: "User-Agent")
        if let authorization = settings.authorization.headerValue {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        switch settings.format {
        case .json:
            // Without a Content-Type, URLSession would send application/x-www-form-urlencoded.
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = message.json()
        case .ntfy:
            request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.setValue(HeaderText.encode(message.title), forHTTPHeaderField: "Title")
            request.setValue(String(settings.priority), forHTTPHeaderField: "Priority")
            request.setValue(HeaderText.encode(settings.tags), forHTTPHeaderField: "Tags")
            if let click = message.url ?? message.deepLink {
                request.setValue(HeaderText.encode(click), forHTTPHeaderField: "Click")
            }
            request.httpBody = Data(message.body.utf8)
        }
        return request
    }
}
