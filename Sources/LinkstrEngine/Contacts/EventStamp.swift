import NostrCore

/// When a signed replaceable event (a kind 3 follow list, a kind 0 profile) was written: its
/// created_at and its event id. Ordered last writer wins, the same as
/// `Stamp`: the later time wins; on equal time the larger id (as a lowercase hex string) wins.
///
/// NIP-01 asks relays to keep the *lowest* id on a tie; linkstr follows the iPhone app (on equal time
/// the lexicographically larger event id wins) so that both end in the same state. Our
/// own changes never tie: their created_at is always past the watermark (`ContactBook.nextCreatedAt`).
public struct EventStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var time: Int64
    public var eventID: EventID

    public init(time: Int64, eventID: EventID) {
        self.time = time
        self.eventID = eventID
    }

    /// The stamp of `event`.
    public init(_ event: Event) {
        self.init(time: event.createdAt, eventID: event.id)
    }

    public static func < (lhs: EventStamp, rhs: EventStamp) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.eventID.hex < rhs.eventID.hex
    }

    /// Whether `incoming` replaces state stamped `current` (nil current: always).
    public static func shouldApply(current: EventStamp?, incoming: EventStamp) -> Bool {
        guard let current else { return true }
        return current < incoming
    }

    public var description: String { "\(time)/\(eventID.hex)" }
}
