/// The `[profiles]` section of `config.toml`: how long an unlocked home stays unlocked, and how
/// much a `watch` keeps in memory while its profile is locked.
///
/// ```toml
/// [profiles]
/// auto_lock_minutes = 15          # the unlock agent drops the keys after 15 minutes without use; 0 = never
/// locked_inbox_wraps = 10000      # wraps a locked watch keeps; the rest wait on the relays
/// locked_inbox_bytes = 16777216   # and their size at most
/// ```
public struct ProfileSettings: Equatable, Sendable {
    public var autoLockMinutes = ProfileSettings.defaultAutoLockMinutes
    public static let defaultAutoLockMinutes = 15
    public var lockedInboxWraps = ProfileSettings.defaultLockedInboxWraps
    public static let defaultLockedInboxWraps = 10_000
    public var lockedInboxBytes = ProfileSettings.defaultLockedInboxBytes
    public static let defaultLockedInboxBytes = 16 << 20

    public init() {}

    /// The setting names `[profiles]` may use.
    public static let knownKeys = ["auto_lock_minutes", "locked_inbox_wraps", "locked_inbox_bytes"]
}
