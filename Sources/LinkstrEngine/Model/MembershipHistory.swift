import NostrCore

/// Every membership snapshot of a session, ordered by stamp.
///
/// The iPhone app keeps only the newest snapshot and ignores older ones, so the order in which a
/// backfill delivers snapshots changes which posts pass its membership check. Keeping
/// them all makes "was X a member at time T" independent of delivery order: X is active at T when
/// the newest snapshot stamped at or before T lists X (intervals start inclusive, end exclusive).
public struct MembershipHistory: Equatable, Sendable {
    public private(set) var snapshots: [MembershipSnapshot] = []

    public init(snapshots: [MembershipSnapshot] = []) {
        self.snapshots = snapshots.sorted { $0.stamp < $1.stamp }
    }

    /// Adds a snapshot; false when one with the same stamp is already there (a duplicate).
    @discardableResult
    public mutating func insert(_ snapshot: MembershipSnapshot) -> Bool {
        guard !snapshots.contains(where: { $0.stamp == snapshot.stamp }) else { return false }
        let index = snapshots.firstIndex { snapshot.stamp < $0.stamp } ?? snapshots.endIndex
        snapshots.insert(snapshot, at: index)
        return true
    }

    /// The snapshot in force at `time`: the newest stamped at or before it.
    public func snapshot(at time: Int64) -> MembershipSnapshot? {
        snapshots.last { $0.stamp.time <= time }
    }

    public func isActive(_ member: PublicKey, at time: Int64) -> Bool {
        snapshot(at: time)?.members.contains(member) ?? false
    }

    /// The members now (the newest snapshot).
    public var current: [PublicKey] { snapshots.last?.members ?? [] }

    /// Everyone who was ever a member (for deletes, which go to current and former members).
    public var everyone: [PublicKey] {
        var seen = Set<PublicKey>()
        return snapshots.flatMap(\.members).filter { seen.insert($0).inserted }
    }
}
