import Foundation
import LinkstrHost

/// The auto-lock setting, `[profiles] auto_lock_minutes` of config.toml: read from the file as it
/// is now (a front end may have changed it since the host read it), and changed in place.
extension LinkstrApp {
    /// How long the unlock agent stays unlocked without use, in minutes (0: until `linkstr lock`).
    public func autoLockMinutes() throws(LinkstrError) -> Int {
        let path = try host().paths.configFile
        do throws(ConfigurationError) {
            return try RuntimeSettings.load(path: path).settings.profiles.autoLockMinutes
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
    }

    /// Sets `[profiles] auto_lock_minutes` in config.toml (everything else in it kept as written;
    /// replaced whole, mode 0600); it applies from the next unlock.
    public func setAutoLockMinutes(_ minutes: Int) throws(LinkstrError) {
        guard minutes >= 0 else {
            throw LinkstrError(.badInput, "the auto-lock must be a whole number of minutes, 0 or more (0 = never lock by itself)")
        }
        let path = try host().paths.configFile
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let changed = ProfileSettings.settingAutoLockMinutes(minutes, in: text)
        let temporary = path + ".check-\(getpid())"
        do {
            try PrivateFile.replace(temporary, with: Array(changed.utf8))
            defer { unlink(temporary) }
            // What the file would say once changed, read as linkstr reads it.
            guard try RuntimeSettings.load(path: temporary).settings.profiles.autoLockMinutes == minutes else {
                throw LinkstrError(.badInput, "cannot change the auto-lock in \(path): set [profiles] auto_lock_minutes = \(minutes) there yourself")
            }
            try PrivateFile.replace(path, with: Array(changed.utf8))
        } catch let error as LinkstrError {
            throw error
        } catch {
            throw LinkstrError(.failed, "cannot change the auto-lock in \(path): \(error)")
        }
    }
}
