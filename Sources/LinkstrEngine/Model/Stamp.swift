import NostrCore

/// When a piece of state was last written: the rumor's created_at and its id. Ordered last writer
/// wins: the later time wins; on equal time the larger id (as a
/// lowercase hex string) wins.
public struct Stamp: Hashable, Comparable, Sendable {
    public var time: Int64
    public var eventID: RumorID

    public init(time: Int64, eventID: RumorID) {
        self.time = time
        self.eventID = eventID
    }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.eventID.hex < rhs.eventID.hex
    }

    /// Whether `incoming` replaces state stamped `current` (nil current: always).
    public static func shouldApply(current: Stamp?, incoming: Stamp) -> Bool {
        guard let current else { return true }
        return current < incoming
    }
}
