/// One toggle of a reaction: on or off, stamped by its rumor.
public struct ReactionToggle: Equatable, Sendable {
    public var active: Bool
    public var stamp: Stamp

    public init(active: Bool, stamp: Stamp) {
        self.active = active
        self.stamp = stamp
    }
}
