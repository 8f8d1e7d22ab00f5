import Foundation
import LinkstrHost

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One POST of a payload to the configured webhook, with the bearer token or the HMAC signature
/// the receiver checks.
struct WebhookDelivery {
    /// How one POST went.
    enum Result: Equatable {
        case accepted
        /// Offline (skipped, not failed): why.
        case offline(String)
        /// The receiver refused it or could not be reached: why.
        case failed(String)
    }

    static let signatureHeader = "X-Linkstr-Signature"
    static let timeout: TimeInterval = 15

    let endpoint: URL
    let settings: SavedLinksSettings

    init?(_ settings: SavedLinksSettings) {
        guard let webhook = settings.webhook, let endpoint = URL(string: webhook) else { return nil }
        self.endpoint = endpoint
        self.settings = settings
    }

    func post(_ body: [UInt8]) async -> Result {
        if let host = endpoint.host, let reason = NetworkRoute.offlineReason(host: host, port: endpoint.port ?? (endpoint.scheme == "https" ? 443 : 80)) {
            return .offline(reason)
        }
        var request = URLRequest(url: endpoint, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("linkstr/\(LinkstrVersion.string)", forHTTPHeaderField: "User-Agent")
        if let token = settings.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let secret = settings.secret {
            let signature = RecordCipher.hmac(key: Array(secret.utf8), body).map { String(format: "%02x", $0) }.joined()
            request.setValue("sha256=\(signature)", forHTTPHeaderField: Self.signatureHeader)
        }
        request.httpBody = Data(body)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (_, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return (200..<300).contains(status) ? .accepted : .failed("the webhook answered HTTP \(status)")
        } catch let error as URLError where [.notConnectedToInternet, .cannotFindHost, .dnsLookupFailed].contains(error.code) {
            return .offline("the webhook cannot be reached (\(error.localizedDescription))")
        } catch {
            return .failed("the webhook cannot be reached (\(error.localizedDescription))")
        }
    }
}
