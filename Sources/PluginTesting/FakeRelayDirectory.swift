import Synchronization

/// The live ``FakeRelay``s by token: a transport instance's `create` finds the relay its host's
/// configuration names (`[plugins."org.linkstr.transport.fake-relay"] store = "<token>"`), because a
/// C `create` function carries no context of its own.
enum FakeRelayDirectory {
    private struct Entry {
        weak var relay: FakeRelay?
    }

    private static let relays = Mutex<[String: Entry]>([:])

    static func add(_ relay: FakeRelay) {
        relays.withLock { $0[relay.token] = Entry(relay: relay) }
    }

    static func remove(_ token: String) {
        relays.withLock { _ = $0.removeValue(forKey: token) }
    }

    static func relay(_ token: String) -> FakeRelay? {
        relays.withLock { $0[token]?.relay }
    }
}
