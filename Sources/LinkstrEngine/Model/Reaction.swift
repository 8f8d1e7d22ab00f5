/// The state of one reaction (per session, post, emoji and sender): its newest toggle wins, and
/// the older toggles are kept too. A membership snapshot that arrives later (backfills deliver in
/// any order) may show that the sender was not a member when making the newest one; the toggle
/// shown is then the newest one the sender could make (see `LinkstrEngine.isShown`).
public struct Reaction: Equatable, Sendable {
    /// The most older toggles kept; past it the oldest goes.
    public static let earlierToggleLimit = 32

    public var key: ReactionKey
    /// The newest toggle's state.
    public var active: Bool
    /// The newest toggle's stamp.
    public var stamp: Stamp
    /// The older toggles, newest first.
    public var earlier: [ReactionToggle]

    public init(key: ReactionKey, active: Bool, stamp: Stamp, earlier: [ReactionToggle] = []) {
        self.key = key
        self.active = active
        self.stamp = stamp
        self.earlier = earlier
    }

    /// Every toggle, newest first.
    public var toggles: [ReactionToggle] { [ReactionToggle(active: active, stamp: stamp)] + earlier }

    /// Adds `toggle` in its place by stamp; false when a toggle with its stamp is already there.
    public mutating func insert(_ toggle: ReactionToggle) -> Bool {
        var all = toggles
        guard !all.contains(where: { $0.stamp == toggle.stamp }) else { return false }
        all.insert(toggle, at: all.firstIndex { $0.stamp < toggle.stamp } ?? all.endIndex)
        active = all[0].active
        stamp = all[0].stamp
        earlier = Array(all.dropFirst().prefix(Self.earlierToggleLimit))
        return true
    }
}
