import NostrCore

/// Valid-but-early rumors, waiting for what they depend on (relays do not keep order).
/// Bounded: past `capacity` the oldest is dropped and reported. In memory only — a staged rumor's
/// wrap is not marked seen, so a later backfill brings it again.
struct Staging {
    enum Dependency: Hashable {
        /// The session is not known yet.
        case session(SessionID)
        /// The post a reaction targets is not known yet.
        case post(PostReference)
        /// The membership history does not (yet) make the sender a member at that time.
        case membership(SessionID)
    }

    struct Entry {
        var rumor: InboundRumor
        var reason: String
        var sequence: Int
    }

    let capacity: Int
    private var waiting: [Dependency: [Entry]] = [:]
    private var nextSequence = 0
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Stages `rumor`; returns the entries evicted to stay within capacity.
    mutating func stage(_ rumor: InboundRumor, on dependency: Dependency, reason: String) -> [Entry] {
        if waiting[dependency]?.contains(where: { $0.rumor.wrapID == rumor.wrapID }) == true { return [] }
        waiting[dependency, default: []].append(Entry(rumor: rumor, reason: reason, sequence: nextSequence))
        nextSequence += 1
        count += 1
        var evicted: [Entry] = []
        while count > capacity, let oldest = oldestDependency() {
            evicted.append(waiting[oldest]!.removeFirst())
            if waiting[oldest]!.isEmpty { waiting[oldest] = nil }
            count -= 1
        }
        return evicted
    }

    /// Removes and returns what waited on `dependency`, oldest first.
    mutating func release(_ dependency: Dependency) -> [InboundRumor] {
        guard let entries = waiting.removeValue(forKey: dependency) else { return [] }
        count -= entries.count
        return entries.map(\.rumor)
    }

    /// Removes and returns everything still waiting (end of a sync), oldest first.
    mutating func drain() -> [Entry] {
        let entries = waiting.values.flatMap { $0 }.sorted { $0.sequence < $1.sequence }
        waiting.removeAll()
        count = 0
        return entries
    }

    private func oldestDependency() -> Dependency? {
        waiting.min { $0.value[0].sequence < $1.value[0].sequence }?.key
    }
}
