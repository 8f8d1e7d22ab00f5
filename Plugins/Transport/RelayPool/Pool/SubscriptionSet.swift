/// The open subscriptions, in the order they were opened, each with its REQ frame.
struct SubscriptionSet: Sendable {
    private var order: [String] = []
    private(set) var framesByID: [String: String] = [:]

    func contains(_ id: String) -> Bool { framesByID[id] != nil }

    /// REQ frames in the order the subscriptions were opened.
    var requestFrames: [String] { order.compactMap { framesByID[$0] } }

    /// Opens or replaces a subscription (a replaced one keeps its place).
    mutating func set(_ id: String, frame: String) {
        if framesByID.updateValue(frame, forKey: id) == nil { order.append(id) }
    }

    /// Closes a subscription; false when it was not open.
    mutating func remove(_ id: String) -> Bool {
        guard framesByID.removeValue(forKey: id) != nil else { return false }
        order.removeAll { $0 == id }
        return true
    }
}
