import Foundation
import LinkstrRuntime

/// The home's profiles in the app, as `linkstr profile …` does them: the switcher's list, switching
/// (the open account closes and the next page opens the new one; a running `linkstr watch` follows
/// by itself), adding, importing an nsec or a backup, renaming, removing, and backing up.
extension AppRuntime {
    /// Before every page: follows a switch made here or elsewhere (the account of another profile
    /// closes), and refuses with the lock screen while the profile is locked. The profiles, for the switcher.
    func follow() async throws(AppFailure) -> [ProfileRow] {
        guard let accounts = try? app.accounts() else { return [] }
        let selected = try? accounts.selectedProfile()
        if let opened, opened.runtime.me.hex != selected?.account.pubkey { await closeAccount() }
        if let locked = lockedProfile() { throw AppFailure("profile '\(locked.name)' is locked", isLocked: true) }
        return profileRows(accounts, selected: selected)
    }

    /// The profiles, the one the app acts on marked current.
    func profiles() -> [ProfileRow] {
        guard let accounts = try? app.accounts() else { return [] }
        return profileRows(accounts, selected: try? accounts.selectedProfile())
    }

    private func profileRows(_ accounts: AccountManager, selected: HomeProfile?) -> [ProfileRow] {
        ((try? accounts.profileList().profiles) ?? []).map { profile in
            ProfileRow(
                name: profile.name, npub: profile.npub, current: profile.id == selected?.id, backedUp: profile.backedUp,
                protected: accounts.isProtected(profile), remote: profile.account.remoteSigner != nil)
        }
    }

    /// What an open page compares with what it was drawn for: the profile acted on and whether it
    /// is locked (a page whose state changed loads again).
    func state() -> String {
        guard let accounts = try? app.accounts(), let profile = try? accounts.selectedProfile() else { return "none" }
        return profile.account.pubkey + (accounts.needsUnlock(profile) ? ":locked" : ":open")
    }

    /// Whether adding or importing a profile needs the home's passphrase (its keys are kept under one).
    func asksPassphrase() -> Bool {
        guard let accounts = try? app.accounts() else { return false }
        return accounts.needsPassphrase(keyStore ?? accounts.defaultKeyStore())
    }

    /// Makes `name` the active profile, as `linkstr profile use`.
    func useProfile(_ name: String) async throws(AppFailure) {
        let accounts = try accountManager()
        try Self.mapped { () throws(LinkstrError) in _ = try accounts.useProfile(name) }
        await closeAccount()
    }

    /// A new key pair as the profile `name`, as `linkstr profile add` (`use`: made active).
    /// - Parameter passphrase: the home's passphrase, when its keys are kept under one.
    func addProfile(name: String, passphrase: String?, use: Bool) async throws(AppFailure) {
        try await add(SecretKey.generate(), name: name, passphrase: passphrase, use: use, isBackup: false)
    }

    /// An nsec, or a backup (ncryptsec) opened with `backupPassphrase`, as the profile `name`, as
    /// `linkstr profile import`; a profile restored from its backup counts as backed up.
    func importProfile(name: String, key text: String, backupPassphrase: String, passphrase: String?, use: Bool) async throws(AppFailure) {
        let isBackup = SecretKey.isBackup(text)
        let key: SecretKey
        do throws(LinkstrError) {
            key = isBackup ? try SecretKey.importing(backup: text, passphrase: backupPassphrase) : try SecretKey.importing(text)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
        try await add(key, name: name, passphrase: passphrase, use: use, isBackup: isBackup)
    }

    private func add(_ key: SecretKey, name: String, passphrase: String?, use: Bool, isBackup: Bool) async throws(AppFailure) {
        let accounts = try accountManager()
        let store = keyStore ?? accounts.defaultKeyStore()
        // The app asks no terminal: a key store that needs a passphrase gets the one typed in the form.
        let needed = accounts.needsPassphrase(store)
        guard !needed || passphrase != nil else {
            throw AppFailure("this home keeps its keys under a passphrase: type it to add the profile", isBadInput: true)
        }
        try Self.mapped { () throws(LinkstrError) in
            _ = try accounts.addProfile(key, name: name, keyStore: store, use: use, restoredFromBackup: isBackup, passphrase: needed ? passphrase : nil)
        }
        if use { await closeAccount() }
    }

    /// Renames the profile `old` to `new`, as `linkstr profile rename`.
    func renameProfile(_ old: String, to new: String) throws(AppFailure) {
        let accounts = try accountManager()
        try Self.mapped { () throws(LinkstrError) in _ = try accounts.renameProfile(old, to: new) }
    }

    /// The question `linkstr profile remove` asks before it deletes the key of the profile `name`.
    func removalQuestion(_ name: String) throws(AppFailure) -> String {
        AccountManager.removalQuestion(try profile(named: name))
    }

    /// Forgets the profile `name` and its key, as `linkstr profile remove` (its encrypted data stays).
    func removeProfile(_ name: String) async throws(AppFailure) {
        let accounts = try accountManager()
        let profile = try self.profile(named: name)
        if opened?.runtime.me.hex == profile.account.pubkey { await closeAccount() }
        try Self.mapped { () throws(LinkstrError) in try accounts.removeProfile(profile) }
    }

    /// The key of the profile `name` as a NIP-49 backup under `passphrase`, as `linkstr profile
    /// backup`; the profile is marked backed up. A file name for it, and its text.
    func backup(_ name: String, passphrase: String, repeated: String) throws(AppFailure) -> (fileName: String, text: String) {
        guard passphrase == repeated else { throw AppFailure("the two passphrases differ", isBadInput: true) }
        let accounts = try accountManager()
        let profile = try self.profile(named: name)
        // Reading a locked key would ask the terminal the app was started from.
        guard !accounts.needsUnlock(profile) else {
            throw AppFailure("profile '\(profile.name)' is locked: unlock it first (its key is under another passphrase)", isBadInput: true)
        }
        return try Self.mapped { () throws(LinkstrError) -> (fileName: String, text: String) in
            let text = try accounts.backupText(of: profile, passphrase: passphrase)
            try accounts.markBackedUp(profile)
            let safe = String(profile.name.map { (character: Character) -> Character in character.isLetter || character.isNumber || character == "-" || character == "_" ? character : "-" })
            return ("linkstr-\(safe).ncryptsec", text + "\n")
        }
    }

    /// Onboarding from a backup: the ncryptsec opened with its passphrase becomes the home's
    /// account, backed up, as `linkstr account import FILE`.
    func restore(backup text: String, passphrase: String) throws(AppFailure) {
        let key: SecretKey
        do throws(LinkstrError) {
            key = try SecretKey.importing(backup: text, passphrase: passphrase)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
        try save(key, name: nil, restoredFromBackup: true)
    }

    private func profile(named name: String) throws(AppFailure) -> HomeProfile {
        let accounts = try accountManager()
        return try Self.mapped { () throws(LinkstrError) in try AccountManager.existing(name, in: try accounts.profileList()) }
    }

    /// Runs `body`, its account error becoming the message a page shows.
    private static func mapped<Value>(_ body: () throws(LinkstrError) -> Value) throws(AppFailure) -> Value {
        do throws(LinkstrError) {
            return try body()
        } catch {
            throw AppFailure(error)
        }
    }
}
