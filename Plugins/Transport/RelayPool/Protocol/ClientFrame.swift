import StrictJSON

/// The messages this pool sends to relays (NIP-01, NIP-42), as WebSocket text.
enum ClientFrame {
    /// `["REQ", <subscription id>, <filter>, …]` from a validated filter list.
    static func request(subscriptionID: String, filters: FilterList) -> String {
        "[\"REQ\"," + JSONWriter.quoted(subscriptionID) + "," + filters.joinedElements + "]"
    }

    /// `["CLOSE", <subscription id>]`
    static func close(subscriptionID: String) -> String {
        "[\"CLOSE\"," + JSONWriter.quoted(subscriptionID) + "]"
    }

    /// `["EVENT", <event>]` with the event exactly as the host gave it.
    static func event(_ eventJSON: String) -> String {
        "[\"EVENT\"," + eventJSON + "]"
    }

    /// `["AUTH", <signed kind-22242 event>]`
    static func auth(_ signedEventJSON: String) -> String {
        "[\"AUTH\"," + signedEventJSON + "]"
    }
}
