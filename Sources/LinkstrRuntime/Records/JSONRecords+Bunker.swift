import Foundation

extension JSONRecords {
    /// An approved client: `{"client","npub","name"?,"permissions","approved_at"}`.
    public struct BunkerClientRow: Encodable, Sendable {
        public let client: String
        public let npub: String
        public let name: String?
        public let permissions: [String]
        public let approvedAt: String

        public init(_ client: BunkerClient) {
            (self.client, npub, name) = (client.pubkey.hex, client.pubkey.npub, client.name)
            (permissions, approvedAt) = (client.permissions.map(\.description), ISOTime.string(client.approvedAt))
        }

        enum CodingKeys: String, CodingKey {
            case client, npub, name, permissions
            case approvedAt = "approved_at"
        }
    }

    /// A log entry: `{"client","method","kind"?,"event_id"?,"time"}`.
    public struct BunkerLogRow: Encodable, Sendable {
        public let client: String
        public let method: String
        public let kind: Int?
        public let eventID: String?
        public let time: String

        public init(_ entry: BunkerLogEntry) {
            (client, method, kind, eventID, time) = (entry.client.hex, entry.method, entry.kind, entry.eventID?.hex, ISOTime.string(entry.time))
        }

        enum CodingKeys: String, CodingKey {
            case client, method, kind, time
            case eventID = "event_id"
        }
    }

    /// The signer's connection link: `{"link","signer","relays"}`.
    public struct BunkerLinkRow: Encodable, Sendable {
        public let link: String
        public let signer: String
        public let relays: [String]
    }

    /// A request the bunker refused, and why.
    public struct BunkerRefusal: Encodable, Sendable {
        public let client: String
        public let method: String
        public let reason: String
    }

    /// One line of `signer serve --json`, with its `type`: `listening` and `link` (`link`, `signer`,
    /// `relays`), `approved` (a client), `request` (a log entry), `refused` (`client`, `method`, `reason`).
    public static func bunkerActivity(_ activity: BunkerActivity) -> Typed {
        switch activity {
        case .listening(let link): Typed("listening", BunkerLinkRow(link: link.uri, signer: link.signer.npub, relays: link.relays))
        case .newLink(let link): Typed("link", BunkerLinkRow(link: link.uri, signer: link.signer.npub, relays: link.relays))
        case .approved(let client): Typed("approved", BunkerClientRow(client))
        case .carriedOut(let entry): Typed("request", BunkerLogRow(entry))
        case let .refused(client, method, reason): Typed("refused", BunkerRefusal(client: client.hex, method: method, reason: reason))
        }
    }
}
