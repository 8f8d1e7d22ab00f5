import StrictJSON

/// A NIP-01 (and NIP-42 AUTH) message from a client to a relay, serialized by hand as
/// compact JSON.
///
/// A value type; safe to share between threads.
public enum ClientMessage: Hashable, Sendable {
    /// `["EVENT", <event>]` — publish.
    case event(Event)
    /// `["REQ", <subscription id>, <filter>…]` — subscribe (NIP-01: the id is 1…64 characters).
    case request(subscriptionID: String, filters: [Filter])
    /// `["CLOSE", <subscription id>]` — end a subscription.
    case close(subscriptionID: String)
    /// `["AUTH", <signed kind-22242 event>]` (NIP-42).
    case auth(Event)

    /// The frame as UTF-8 JSON bytes.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.append(UInt8(ascii: "["))
        switch self {
        case let .event(event):
            writer.append("\"EVENT\",")
            event.write(to: &writer)
        case let .request(subscriptionID, filters):
            writer.append("\"REQ\",")
            writer.appendString(subscriptionID)
            for filter in filters {
                writer.append(UInt8(ascii: ","))
                filter.write(to: &writer)
            }
        case let .close(subscriptionID):
            writer.append("\"CLOSE\",")
            writer.appendString(subscriptionID)
        case let .auth(event):
            writer.append("\"AUTH\",")
            event.write(to: &writer)
        }
        writer.append(UInt8(ascii: "]"))
        return writer.bytes
    }

    /// The frame as a String (a WebSocket text message).
    public func jsonString() -> String { String(decoding: jsonBytes(), as: UTF8.self) }
}
