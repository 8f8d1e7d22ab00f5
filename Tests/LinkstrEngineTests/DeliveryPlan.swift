import LinkstrEngine

/// One way relays can deliver a history: every wrap at least once, some twice, shuffled, split
/// across syncs. A sync ends normally (the host keeps what is still staged and ingests it again
/// at the start of the next), ends with a restart (the same, with a new engine over the same
/// store), or is cut short by a crash (a new engine; staging is lost; the sync never completed,
/// so the next one brings its wraps again).
struct DeliveryPlan: Sendable, CustomStringConvertible {
    enum SyncEnd: Sendable {
        case finished
        case restarted
        case crashed
    }

    struct Sync: Sendable {
        var deliveries: [Int]
        var end: SyncEnd
    }

    var syncs: [Sync]

    static func random(rumorCount: Int, using rng: inout some RandomNumberGenerator) -> DeliveryPlan {
        var deliveries = Array(0..<rumorCount) + (0..<rumorCount).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
        deliveries.shuffle(using: &rng)
        let syncCount = Int.random(in: 1...min(4, deliveries.count), using: &rng)
        var cuts = Set<Int>()
        while cuts.count < syncCount - 1 { cuts.insert(Int.random(in: 1..<deliveries.count, using: &rng)) }
        let bounds = [0] + cuts.sorted() + [deliveries.count]
        let syncs = zip(bounds, bounds.dropFirst()).enumerated().map { index, range in
            let end: SyncEnd = index == syncCount - 1 ? .finished : [.finished, .restarted, .crashed].randomElement(using: &rng)!
            return Sync(deliveries: Array(deliveries[range.0..<range.1]), end: end)
        }
        return DeliveryPlan(syncs: syncs)
    }

    /// Delivers `history` to a new engine, sync by sync, and returns what the store ends with.
    func deliver(_ history: GeneratedHistory) throws -> EngineOutcome {
        var fixture = EngineFixture(me: history.me)
        var kept: [InboundRumor] = []
        var interrupted: [InboundRumor] = []
        for sync in syncs {
            let deliveries = kept + interrupted + sync.deliveries.map { history.rumors[$0] }
            kept = []
            interrupted = []
            for inbound in deliveries { _ = try fixture.engine.ingest(inbound, now: 2_000_000_000) }
            switch sync.end {
            case .finished:
                kept = fixture.engine.finishSync().map(\.rumor)
            case .restarted:
                kept = fixture.engine.finishSync().map(\.rumor)
                fixture = EngineFixture(me: history.me, store: fixture.store)
            case .crashed:
                interrupted = deliveries
                fixture = EngineFixture(me: history.me, store: fixture.store)
            }
        }
        return try EngineOutcome(fixture)
    }

    var description: String {
        syncs.map { "\($0.deliveries) then \($0.end)" }.joined(separator: "; ")
    }
}
