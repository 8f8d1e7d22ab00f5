import Foundation
import NostrCore

/// Backing a profile's key up: an `ncryptsec` (NIP-49) under a passphrase of the user's, and the
/// reminder for an active profile that never was backed up.
extension AccountManager {
    /// How often the reminder may repeat.
    public static let backupReminderInterval: TimeInterval = 24 * 60 * 60

    /// The secret key of `profile` encrypted under `passphrase` (may ask for the key store's passphrase).
    public func backupText(of profile: HomeProfile, passphrase: String) throws(LinkstrError) -> String {
        guard !passphrase.isEmpty else { throw LinkstrError(.failed, "the backup passphrase must not be empty") }
        let key = try secretKey(of: profile)
        do {
            return try NIP49.encrypt(key, password: passphrase)
        } catch {
            throw LinkstrError(.failed, "cannot encrypt the key: \(error)")
        }
    }

    /// Writes a backup made by `backupText` to `path` (atomically, mode 0600).
    public func writeBackup(_ text: String, to path: String) throws(LinkstrError) {
        try keys.writePrivateFile(path, text + "\n")
    }

    /// Marks `profile` backed up (after its backup was written).
    @discardableResult
    public func markBackedUp(_ profile: HomeProfile) throws(LinkstrError) -> HomeProfile {
        try editProfile(profile) { $0.backedUp = true }
    }

    /// The profile commands act on when it was never backed up and was not reminded of in the last
    /// day; it is stamped as reminded now. Nil otherwise.
    public func backupReminder(now: Date = Date()) throws(LinkstrError) -> HomeProfile? {
        guard let due = try selectedProfile(), Self.reminderDue(due, now: now) else { return nil }
        return try profiles.update { list throws(LinkstrError) in
            guard let profile = list.profiles.first(where: { $0.id == due.id }), Self.reminderDue(profile, now: now) else { return nil }
            list.edit(profile.id, now: now) { $0.backupWarnedAt = now }
            return profile
        }
    }

    private static func reminderDue(_ profile: HomeProfile, now: Date) -> Bool {
        guard !profile.backedUp, profile.account.remoteSigner == nil else { return false }
        guard let warned = profile.backupWarnedAt else { return true }
        return now.timeIntervalSince(warned) >= backupReminderInterval
    }
}
