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
            default:
                throw fail("unknown setting 'profiles.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }
}
