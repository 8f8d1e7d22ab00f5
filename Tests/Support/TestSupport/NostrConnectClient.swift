import Foundation
import NostrCore

/// rust-nostr's own NIP-46 client (`NostrConnect` of nostr-sdk, `nostr_connect_client.py`), run
/// against a bunker by its bunker:// link: linkstr as a bunker, seen by another Nostr client.
public enum NostrConnectClient {
    /// One action of the client: its result, or the client's error.
    public struct Line {
        public var action: String
        public var result: Any?
        public var error: String?

        public var text: String? { result as? String }
        /// The `plaintext` and `ciphertext` of an encryption round trip.
        public var roundTrip: [String: String]? { result as? [String: String] }

        /// The event a `sign:KIND` action got signed.
        public func signedEvent() throws -> Event {
            guard let json = text else { throw TestFailure("\(action) gave no event: \(error ?? "")") }
            return try Event(json: json)
        }
    }

    /// Runs the client against `link` with `actions` (`public_key`, `sign:KIND`, `nip44:PEER_HEX`,
    /// `nip04:PEER_HEX`), as the app key `appSecret` (else a new one), each request waiting `timeout` seconds.
    public static func run(_ link: String, appSecret: SecretKey? = nil, timeout: Int = 10, _ actions: [String]) async throws -> [Line] {
        var arguments = ["--link", link, "--timeout", String(timeout)]
        if let appSecret { arguments += ["--app-secret", appSecret.exportBytes().map { String(format: "%02x", $0) }.joined()] }
        let process = try ExternalProcess(script: "nostr_connect_client.py", arguments + actions)
        let lines = try await process.finish(timeout: .seconds(Double(timeout * actions.count + 20)))
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return Line(action: object["action"] as? String ?? "", result: object["result"], error: object["error"] as? String)
        }
    }
}
