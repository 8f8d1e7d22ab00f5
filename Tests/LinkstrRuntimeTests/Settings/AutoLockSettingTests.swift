import LinkstrRuntime
import Testing

/// Setting `[profiles] auto_lock_minutes` in a config.toml as a person wrote it: the setting changes,
/// everything else (comments, other tables, their order) stays, and linkstr reads back what was set.
@Suite struct AutoLockSettingTests {
    @Test func anEmptyFileGetsAProfilesTable() {
        #expect(ProfileSettings.settingAutoLockMinutes(30, in: "") == "[profiles]\nauto_lock_minutes = 30\n")
    }

    @Test func aFileWithoutTheTableKeepsItsTextAndGetsTheTableAtTheEnd() {
        let text = "# my relays\nrelays = [\"wss://relay.example.com\"]\n\n[notify]\nfrom = \"contacts\"\n"
        #expect(ProfileSettings.settingAutoLockMinutes(0, in: text) == text + "\n[profiles]\nauto_lock_minutes = 0\n")
    }

    @Test func theSettingIsReplacedInItsTableAndOnlyThere() throws {
        let text = "[profiles] # the lock\nlocked_inbox_wraps = 500\nauto_lock_minutes = 15 # default\n\n[saved]\nauto_lock_minutes_note = 1\n"
        let changed = ProfileSettings.settingAutoLockMinutes(60, in: text)
        #expect(changed == "[profiles] # the lock\nlocked_inbox_wraps = 500\nauto_lock_minutes = 60\n\n[saved]\nauto_lock_minutes_note = 1\n")
        let scratch = TestScratch()
        defer { scratch.remove() }
        let read = try RuntimeSettings.load(path: scratch.write("config.toml", ProfileSettings.settingAutoLockMinutes(60, in: "[profiles]\nlocked_inbox_wraps = 500\n"))).settings
        #expect(read.profiles.autoLockMinutes == 60 && read.profiles.lockedInboxWraps == 500)
    }
}
