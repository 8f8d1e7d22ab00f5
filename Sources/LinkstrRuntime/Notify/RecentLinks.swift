import Synchronization

/// The links of the notifications sent lately, by notification id, so that an "Open" click can be
/// answered without asking the notifier for the link (it may not have been allowed to see it).
/// Bounded: the oldest go first. Thread-safe.
final class RecentLinks: Sendable {
    private struct State {
        var links: [String: String] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    func remember(_ link: String, for notificationID: String) {
        state.withLock { state in
            if state.links.updateValue(link, forKey: notificationID) == nil { state.order.append(notificationID) }
            while state.order.count > capacity { state.links[state.order.removeFirst()] = nil }
        }
    }

    func link(for notificationID: String) -> String? {
        state.withLock { $0.links[notificationID] }
    }
}
