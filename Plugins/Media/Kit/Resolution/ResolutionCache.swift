import Synchronization

/// Successful runtime resolutions by link, in memory for the life of the plugin instance
/// (failures are never stored, so a later call tries again). At most `capacity` entries;
/// when full, the oldest insertion is dropped.
///
/// Thread rule: thread-safe.
final class ResolutionCache: Sendable {
    private struct State {
        var entries: [String: MediaResolution] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The stored answer for `key`, marked `cached`.
    func lookup(_ key: String) -> MediaResolution? {
        state.withLock { $0.entries[key] }.map { stored in
            var hit = stored
            hit.cached = true
            return hit
        }
    }

    func store(_ resolution: MediaResolution, for key: String) {
        state.withLock { state in
            if state.entries.updateValue(resolution, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity {
                state.entries[state.order.removeFirst()] = nil
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
