import LinkstrEngine
import NostrCore

/// Who joined and who left a session at one membership change (`linkstr feed`'s `in:` / `out:`
/// lines).
public struct MembershipChange: Equatable, Sendable {
    public var time: Int64
    public var added: [PublicKey]
    public var removed: [PublicKey]

    public init(time: Int64, added: [PublicKey], removed: [PublicKey]) {
        self.time = time
        self.added = added
        self.removed = removed
    }

    /// The changes between consecutive snapshots of `history`, oldest first (the first snapshot is
    /// the start, not a change; a snapshot that changes no one is none).
    public static func changes(in history: MembershipHistory) -> [MembershipChange] {
        zip(history.snapshots, history.snapshots.dropFirst()).compactMap { previous, next in
            let before = Set(previous.members)
            let after = Set(next.members)
            let change = MembershipChange(
                time: next.stamp.time, added: next.members.filter { !before.contains($0) }, removed: previous.members.filter { !after.contains($0) })
            return change.added.isEmpty && change.removed.isEmpty ? nil : change
        }
    }
}
