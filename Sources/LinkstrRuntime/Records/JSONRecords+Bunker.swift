import Foundation

extension JSONRecords {
    /// An approved client: `{"client","npub","name"?,"permissions","approved_at"}`.
    public static func bunkerClient(_ client: BunkerClient) -> [String: Any] {
        var object: [String: Any] = [
            "client": client.pubkey.hex, "npub": client.pubkey.npub, "permissions": client.permissions.map(\.description),
            "approved_at": ISOTime.string(client.approvedAt),
        ]
        object["name"] = client.name
        return object
    }

    /// A log entry: `{"client","method","kind"?,"event_id"?,"time"}`.
    public static func bunkerLogEntry(_ entry: BunkerLogEntry) -> [String: Any] {
        var object: [String: Any] = ["client": entry.client.hex, "method": entry.method, "time": ISOTime.string(entry.time)]
        object["kind"] = entry.kind
        object["event_id"] = entry.eventID?.hex
        return object
    }

    /// One line of `signer serve --json`, with its `type`: `listening` and `link` (`link`, `signer`,
    /// `relays`), `approved` (a client), `request` (a log entry), `refused` (`client`, `method`, `reason`).
    public static func bunkerActivity(_ activity: BunkerActivity) -> [String: Any] {
        var object: [String: Any]
        switch activity {
        case .listening(let link), .newLink(let link):
            object = ["link": link.uri, "signer": link.signer.npub, "relays": link.relays]
            if case .listening = activity { object["type"] = "listening" } else { object["type"] = "link" }
        case .approved(let client):
            object = bunkerClient(client)
            object["type"] = "approved"
        case .carriedOut(let entry):
            object = bunkerLogEntry(entry)
            object["type"] = "request"
        case let .refused(client, method, reason):
            object = ["type": "refused", "client": client.hex, "method": method, "reason": reason]
        }
        return object
    }
}
