import LinkstrHost
import TOMLKit

extension ProfileSettings {
    /// The settings of a `[profiles]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "auto_lock_minutes":
                guard let minutes = value.int, minutes >= 0 else {
                    throw fail("'profiles.auto_lock_minutes' must be a whole number of minutes, 0 or more (0 = never lock by itself)")
                }
                autoLockMinutes = minutes
            case "locked_inbox_wraps":
                guard let wraps = value.int, wraps > 0 else { throw fail("'profiles.locked_inbox_wraps' must be a whole number of wraps, 1 or more") }
                lockedInboxWraps = wraps
            case "locked_inbox_bytes":
                guard let bytes = value.int, bytes > 0 else { throw fail("'profiles.locked_inbox_bytes' must be a whole number of bytes, 1 or more") }
                lockedInboxBytes = bytes
            default:
                throw fail("unknown setting 'profiles.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }
}
