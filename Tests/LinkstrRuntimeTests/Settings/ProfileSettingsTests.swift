import Foundation
import LinkstrRuntime
import Testing

/// `[profiles]`: the auto-lock of an unlocked home and the bounds of the locked inbox.
@Suite struct ProfileSettingsTests {
    @Test func theLockedInboxIsBoundedByDefaultAndItsBoundsAreSettings() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let defaults = try RuntimeSettings.load(path: scratch.write("default.toml", "")).settings.profiles
        #expect(defaults.lockedInboxWraps == 10_000 && defaults.lockedInboxBytes == 16 << 20)
        let set = try RuntimeSettings.load(path: scratch.write("set.toml", "[profiles]\nlocked_inbox_wraps = 5\nlocked_inbox_bytes = 4096\n")).settings.profiles
        #expect(set.lockedInboxWraps == 5 && set.lockedInboxBytes == 4096)
        let zero = try #require(throws: ConfigurationError.self) {
            try RuntimeSettings.load(path: scratch.write("zero.toml", "[profiles]\nlocked_inbox_wraps = 0\n"))
        }
        #expect(zero.reason.hasPrefix("'profiles.locked_inbox_wraps' must be a whole number of wraps, 1 or more"))
    }

    @Test func profilesAutoLockMinutesDefaultsToFifteenAndZeroMeansNever() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        #expect(try RuntimeSettings.load(path: scratch.write("default.toml", "")).settings.profiles.autoLockMinutes == 15)
        #expect(try RuntimeSettings.load(path: scratch.write("never.toml", "[profiles]\nauto_lock_minutes = 0\n")).settings.profiles.autoLockMinutes == 0)
        #expect(try RuntimeSettings.load(path: scratch.write("five.toml", "[profiles]\nauto_lock_minutes = 5\n")).settings.profiles.autoLockMinutes == 5)
        let negative = try #require(throws: ConfigurationError.self) {
            try RuntimeSettings.load(path: scratch.write("negative.toml", "[profiles]\nauto_lock_minutes = -1\n"))
        }
        #expect(negative.reason.hasPrefix("'profiles.auto_lock_minutes' must be a whole number of minutes, 0 or more"))
        let unknown = try #require(throws: ConfigurationError.self) {
            try RuntimeSettings.load(path: scratch.write("unknown.toml", "[profiles]\nauto_lock = 5\n"))
        }
        #expect(unknown.reason == "unknown setting 'profiles.auto_lock'; known settings: auto_lock_minutes, locked_inbox_wraps, locked_inbox_bytes")
    }
}
