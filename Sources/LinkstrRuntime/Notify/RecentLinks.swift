import Synchronization

/// The links of the notifications sent lately, by notification id, so that a click can be answered
/// without asking the notifier for the link (it may not have been allowed to see it): the shared
/// link ("Open") and the post's `linkstr://open` link (a click on the notification opens the post
/// in the app). Bounded: the oldest go first. Thread-safe.
final class RecentLinks: Sendable {
    struct Links: Sendable, Equatable {
        var url: String
        var post: String?
    }

    private struct State {
        var links: [String: Links] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    func remember(_ links: Links, for notificationID: String) {
        state.withLock { state in
            if state.links.updateValue(links, forKey: notificationID) == nil { state.order.append(notificationID) }
            while state.order.count > capacity { state.links[state.order.removeFirst()] = nil }
        }
    }

    func links(for notificationID: String) -> Links? {
        state.withLock { $0.links[notificationID] }
    }
}
