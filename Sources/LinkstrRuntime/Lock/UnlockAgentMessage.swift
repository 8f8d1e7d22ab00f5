/// One line of the unlock agent's protocol (JSON, one object per line), both ways. A request names
/// its `op`; a reply says `ok` (or gives an `error`); a subscriber is sent lines with an `event`.
///
/// - `status` → the profiles unlocked, until when, the agent's pid.
/// - `unlock` with `profiles` (each profile's keys by slot, nsec) and `auto_lock_minutes` → status.
/// - `key` with `profile` → that profile's `keys`, or the error `locked`.
/// - `lock` → status (nothing unlocked); subscribers are sent `locked`, also when the agent had
///   locked itself before (what still holds a key then drops it).
/// - `subscribe` → status, then one line per change: `unlocked` (with `unlocked`), `auto_locked`
///   (the agent locked itself after `auto_lock_minutes` without use) or `locked` (`linkstr lock`).
///   A status after an auto-lock says when it was (`auto_locked_at`).
public struct UnlockAgentMessage: Codable, Equatable, Sendable {
    public enum Operation: String, Codable, Sendable {
        case status, unlock, key, lock, subscribe
    }

    public enum Event: String, Codable, Sendable {
        case unlocked, locked
        case autoLocked = "auto_locked"
    }

    public var op: Operation?
    public var ok: Bool?
    public var error: String?
    public var event: Event?
    /// `unlock`: the profiles and their keys.
    public var profiles: [UnlockedProfileKeys]?
    /// `unlock`: lock after this long without use; 0 or absent for never.
    public var autoLockMinutes: Int?
    /// `key`: the profile's id.
    public var profile: String?
    /// `key`'s reply: the profile's keys by slot name (nsec).
    public var keys: [String: String]?
    /// The ids of the profiles unlocked.
    public var unlocked: [String]?
    /// When the agent locks itself unless used before (Unix seconds); absent for never.
    public var until: Int64?
    /// When the agent last locked itself (Unix seconds), until the next `unlock` or `lock`.
    public var autoLockedAt: Int64?
    public var pid: Int32?

    public init(_ op: Operation? = nil) {
        self.op = op
    }

    enum CodingKeys: String, CodingKey {
        case op, ok, error, event, profiles, profile, keys, unlocked, until, pid
        case autoLockMinutes = "auto_lock_minutes"
        case autoLockedAt = "auto_locked_at"
    }

    /// The error a `key` request gets while the profile is not unlocked.
    public static let lockedError = "locked"
}

extension UnlockAgentMessage {
    /// The line a subscriber is sent.
    static func event(_ event: Event, unlocked: [String]) -> UnlockAgentMessage {
        var message = UnlockAgentMessage()
        message.event = event
        message.unlocked = unlocked
        return message
    }
}

/// A profile's secrets as `unlock` hands them to the agent: slot name → nsec.
public struct UnlockedProfileKeys: Codable, Equatable, Sendable {
    public var id: String
    public var keys: [String: String]

    public init(id: String, keys: [String: String]) {
        self.id = id
        self.keys = keys
    }
}
