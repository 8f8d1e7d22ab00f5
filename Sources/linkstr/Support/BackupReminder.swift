import Glibc
import LinkstrRuntime

/// Once a day, a person at a terminal is told that the profile they use was never backed up.
/// Scripts and services (stderr not a terminal) are not.
enum BackupReminder {
    static func remind(_ global: GlobalOptions) {
        guard isatty(STDERR_FILENO) == 1, let profile = try? global.accounts().backupReminder() else { return }
        Terminal.say(
            "profile '\(profile.name)' was never backed up: without its key (on this machine only) it is lost; run `linkstr profile backup \(profile.name) --output FILE`")
    }
}
