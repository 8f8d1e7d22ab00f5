/// The notifications the server is showing for us: its id (from Notify's reply) → our notification id,
/// so that an ActionInvoked signal can be reported with the id the host knows. Bounded: the oldest
/// entries go first.
struct ShownNotifications {
    private var ids: [UInt32: String] = [:]
    private var order: [UInt32] = []
    let capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    subscript(serverID: UInt32) -> String? { ids[serverID] }

    mutating func insert(serverID: UInt32, notificationID: String) {
        if ids.updateValue(notificationID, forKey: serverID) == nil { order.append(serverID) }
        while order.count > capacity { ids[order.removeFirst()] = nil }
    }

    mutating func remove(serverID: UInt32) {
        guard ids.removeValue(forKey: serverID) != nil else { return }
        order.removeAll { $0 == serverID }
    }
}
