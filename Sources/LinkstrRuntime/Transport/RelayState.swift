import LinkstrHost

/// One relay as the transport describes it (`describe`).
public struct RelayState: Sendable, Equatable, Decodable {
    public var url: String
    public var status: RelayStatus
    /// Why the relay is not connected, or what it refused; nil when all is well.
    public var error: String?
    /// Events passed to the host, and what the transport dropped: frames that were not NIP-01
    /// messages, messages over its size limit, events for closed subscriptions. Nil when the
    /// transport does not report them.
    public var events: Int?
    public var malformedFrames: Int?
    public var oversizedFrames: Int?
    public var staleEvents: Int?

    private enum CodingKeys: String, CodingKey {
        case url, status, error, events
        case malformedFrames = "malformed_frames"
        case oversizedFrames = "oversized_frames"
        case staleEvents = "stale_events"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        status = RelayStatus(name: try container.decode(String.self, forKey: .status))
        error = try container.decodeIfPresent(String.self, forKey: .error)
        events = try container.decodeIfPresent(Int.self, forKey: .events)
        malformedFrames = try container.decodeIfPresent(Int.self, forKey: .malformedFrames)
        oversizedFrames = try container.decodeIfPresent(Int.self, forKey: .oversizedFrames)
        staleEvents = try container.decodeIfPresent(Int.self, forKey: .staleEvents)
    }
}
