import NostrCore

/// Valid-but-early rumors, waiting for what they depend on (relays do not keep order).
///
/// Bounded three ways, so that a stranger who floods the account cannot push out what members send:
/// each sender may keep `perSenderCapacity` rumors (past it, that sender's oldest goes); all senders
/// together `capacity` (past it, the oldest of whoever holds the most goes); and a rumor staged
/// `lifetime` seconds ago expires. What leaves this way is reported, never marked seen: a later
/// backfill may bring it again. In memory only; the host keeps what is left at the end of a sync.
struct Staging {
    enum Dependency: Hashable {
        /// The session is not known yet.
        case session(SessionID)
        /// The post a reaction targets is not known yet.
        case post(PostReference)
        /// The membership history does not (yet) make the sender a member at that time.
        case membership(SessionID)
        /// It is dated ahead of this clock (past the allowed skew).
        case time
    }

    struct Entry {
        var rumor: InboundRumor
        var reason: String
        var dependency: Dependency
        var sequence: Int
        /// When it was first staged (Unix seconds).
        var stagedAt: Int64
    }

    /// Why an entry left without being decided.
    enum Removal {
        /// Its sender had more than their share waiting.
        case senderQuota
        /// The whole staging area was full.
        case full
        /// It waited longer than `lifetime`.
        case expired
    }

    let capacity: Int
    let perSenderCapacity: Int
    let lifetime: Int64
    private var waiting: [Dependency: [Entry]] = [:]
    private var perSender: [PublicKey: Int] = [:]
    /// At most the earliest `stagedAt` waiting (exact after `expire`): most calls need no scan.
    private var earliestStagedAt = Int64.max
    private var nextSequence = 0
    private(set) var count = 0
    /// Dependencies that lost a rumor to the quota or the capacity during this sync.
    private var droppedFrom: Set<Dependency> = []
    /// Whether one of `droppedFrom` was released: what was dropped for it would now be decided.
    private var releasedAfterDrop = false

    init(capacity: Int, perSenderCapacity: Int, lifetime: Int64) {
        self.capacity = capacity
        self.perSenderCapacity = perSenderCapacity
        self.lifetime = lifetime
    }

    /// Stages `rumor` (first staged at `stagedAt`); returns the entries removed to stay within the
    /// sender's quota and the capacity.
    mutating func stage(_ rumor: InboundRumor, on dependency: Dependency, reason: String, stagedAt: Int64) -> [(Entry, Removal)] {
        if waiting[dependency]?.contains(where: { $0.rumor.wrapID == rumor.wrapID }) == true { return [] }
        waiting[dependency, default: []].append(Entry(rumor: rumor, reason: reason, dependency: dependency, sequence: nextSequence, stagedAt: stagedAt))
        nextSequence += 1
        count += 1
        earliestStagedAt = min(earliestStagedAt, stagedAt)
        perSender[rumor.sender, default: 0] += 1
        var removed: [(Entry, Removal)] = []
        if perSender[rumor.sender]! > perSenderCapacity, let oldest = removeOldest(from: rumor.sender) {
            removed.append((oldest, .senderQuota))
        }
        while count > capacity, let largest = perSender.max(by: { $0.value < $1.value })?.key, let oldest = removeOldest(from: largest) {
            removed.append((oldest, .full))
        }
        for (entry, _) in removed { droppedFrom.insert(entry.dependency) }
        return removed
    }

    /// Removes and returns what waited on `dependency`, oldest first.
    mutating func release(_ dependency: Dependency) -> [Entry] {
        if droppedFrom.contains(dependency) { releasedAfterDrop = true }
        guard let entries = waiting.removeValue(forKey: dependency) else { return [] }
        for entry in entries { forget(entry) }
        return entries
    }

    /// Removes and returns the rumors waiting for their time whose time has come (dated at most
    /// `skew` seconds ahead of `now`), oldest first.
    mutating func releaseDue(now: Int64, skew: Int64) -> [Entry] {
        guard let entries = waiting[.time] else { return [] }
        let due = entries.filter { $0.rumor.rumor.createdAt - skew <= now }
        guard !due.isEmpty else { return [] }
        let kept = entries.filter { $0.rumor.rumor.createdAt - skew > now }
        waiting[.time] = kept.isEmpty ? nil : kept
        for entry in due { forget(entry) }
        return due
    }

    /// Removes and returns the entries staged before `now - lifetime`, oldest first.
    mutating func expire(now: Int64) -> [Entry] {
        let cutoff = now - lifetime
        guard earliestStagedAt < cutoff else { return [] }
        var expired: [Entry] = []
        for dependency in Array(waiting.keys) {
            let entries = waiting[dependency]!
            let old = entries.filter { $0.stagedAt < cutoff }
            guard !old.isEmpty else { continue }
            let kept = entries.filter { $0.stagedAt >= cutoff }
            waiting[dependency] = kept.isEmpty ? nil : kept
            for entry in old { forget(entry) }
            expired += old
        }
        earliestStagedAt = waiting.values.lazy.flatMap { $0 }.map(\.stagedAt).min() ?? .max
        return expired.sorted { $0.sequence < $1.sequence }
    }

    /// Whether a rumor was dropped while waiting for something that has arrived since the last
    /// call (a backfill again would bring it and decide it).
    mutating func takeRefetchNeeded() -> Bool {
        defer { releasedAfterDrop = false }
        return releasedAfterDrop
    }

    /// Removes and returns everything still waiting (end of a sync), oldest first.
    mutating func drain() -> [Entry] {
        let entries = waiting.values.flatMap { $0 }.sorted { $0.sequence < $1.sequence }
        waiting.removeAll()
        perSender.removeAll()
        droppedFrom.removeAll()
        releasedAfterDrop = false
        earliestStagedAt = .max
        count = 0
        return entries
    }

    private mutating func removeOldest(from sender: PublicKey) -> Entry? {
        var oldest: (dependency: Dependency, index: Int, sequence: Int)?
        for (dependency, entries) in waiting {
            guard let index = entries.firstIndex(where: { $0.rumor.sender == sender }) else { continue }
            if entries[index].sequence < oldest?.sequence ?? .max { oldest = (dependency, index, entries[index].sequence) }
        }
        guard let oldest else { return nil }
        let entry = waiting[oldest.dependency]!.remove(at: oldest.index)
        if waiting[oldest.dependency]!.isEmpty { waiting[oldest.dependency] = nil }
        forget(entry)
        return entry
    }

    private mutating func forget(_ entry: Entry) {
        count -= 1
        let left = perSender[entry.rumor.sender, default: 1] - 1
        perSender[entry.rumor.sender] = left > 0 ? left : nil
    }
}
