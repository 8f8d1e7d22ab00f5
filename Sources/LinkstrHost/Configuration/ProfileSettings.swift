/// The `[profiles]` section of `config.toml`: how long an unlocked home stays unlocked.
///
/// ```toml
/// [profiles]
/// auto_lock_minutes = 15   # the unlock agent drops the keys after 15 minutes without use; 0 = never
/// ```
public struct ProfileSettings: Equatable, Sendable {
    public var autoLockMinutes = ProfileSettings.defaultAutoLockMinutes
    public static let defaultAutoLockMinutes = 15

    public init() {}

    /// The setting names `[profiles]` may use.
    public static let knownKeys = ["auto_lock_minutes"]
}
