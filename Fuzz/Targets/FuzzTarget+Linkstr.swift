import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrMediaKit

extension FuzzTarget {
    static func decodePayload(_ input: UnsafeRawBufferPointer) {
        guard let payload = try? LinkstrPayload.decode(String(decoding: input, as: UTF8.self)) else { return }
        let reencoded = try? LinkstrPayload.decode(payload.encoded())
        precondition(reencoded == payload, "an accepted payload does not survive its own encoding")
    }

    static func normalizeURL(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        _ = try? WebURL.normalizeForSending(text)
        if let normalized = try? WebURL.normalize(text) {
            precondition((try? WebURL.normalize(normalized)) == normalized, "normalizing a normalized URL changes it")
        }
        _ = MediaClassifier.classify(text)
    }

    static func scanHTML(_ input: UnsafeRawBufferPointer) {
        _ = PageMetadata.scan(String(decoding: input, as: UTF8.self), pageURL: pageURL)
    }

    static func parseConfiguration(_ input: UnsafeRawBufferPointer) {
        var configuration = Configuration()
        try? configuration.apply(toml: String(decoding: input, as: UTF8.self), path: "config.toml")
    }

    private static let pageURL = URL(string: "https://example.com/articles/page.html")!
}
