/// The state of one reaction toggle, last writer wins.
public struct Reaction: Equatable, Sendable {
    public var key: ReactionKey
    public var active: Bool
    public var stamp: Stamp

    public init(key: ReactionKey, active: Bool, stamp: Stamp) {
        self.key = key
        self.active = active
        self.stamp = stamp
    }
}
