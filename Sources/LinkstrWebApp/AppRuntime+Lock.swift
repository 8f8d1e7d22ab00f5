import Foundation
import LinkstrRuntime

/// The lock as the app shows it: the lock screen of a locked profile, unlocking with the master
/// passphrase (as `linkstr unlock`), locking now (as `linkstr lock`), the auto-lock setting and
/// setting the master passphrase (as `linkstr profile passphrase`). After a lock the open account
/// closes (its watch stops, its key leaves the app); after the auto-lock the pages show the lock
/// screen and the watch goes on, as `linkstr watch` does.
extension AppRuntime {
    /// The profile the app acts on when it must be unlocked before use; nil otherwise.
    func lockedProfile() -> HomeProfile? {
        guard let accounts = try? app.accounts(), let profile = try? accounts.selectedProfile(), accounts.needsUnlock(profile) else { return nil }
        return profile
    }

    /// After `linkstr lock` (or Lock now) elsewhere, the account opened from the unlock agent closes.
    func followLock(_ account: OpenedAccount) {
        guard let profile = try? account.accounts.selectedProfile(), account.accounts.heldByAgent(profile) else { return }
        let pubkey = profile.account.pubkey
        account.accounts.whenLocked(onAutoLock: nil) { [weak self] in
            Task { await self?.closeAccount(ifFor: pubkey) }
        }
    }

    private func closeAccount(ifFor pubkey: String) async {
        guard opened?.runtime.me.hex == pubkey else { return }
        await closeAccount()
    }

    /// Stops the watch and closes the account's app, its key with it; the next page opens the
    /// account the home then has (the active profile, unlocked).
    func closeAccount() async {
        let closing = app
        watching?.cancel()
        // Pages asked for meanwhile still read the open account.
        await watching?.value
        // Another call closed it meanwhile.
        guard app === closing else { return }
        // The app is replaced before the old one closes: a page asked for now opens the new one.
        watching = nil
        opened = nil
        app = LinkstrApp(configuration)
        await closing.close()
    }

    /// What the lock screen shows of the locked profile: nothing secret.
    func lockView() throws(AppFailure) -> LockView {
        let accounts = try accountManager()
        guard let profile = try? accounts.selectedProfile() else { throw AppFailure("this home has no account yet", isMissingAccount: true) }
        let code: QRCode
        do {
            code = try QRCode(encoding: profile.npub)
        } catch {
            throw AppFailure("cannot draw the QR code of \(profile.npub): \(error)")
        }
        return LockView(
            name: profile.name, identity: IdentityView(npub: profile.npub, publishedName: nil, qrSize: code.size, qrModules: code.modules),
            autoLockedAt: accounts.autoLockedAt(), autoLockMinutes: (try? app.autoLockMinutes()) ?? 0)
    }

    /// The lock settings: whether a passphrase protects the keys (else there is nothing to lock)
    /// and the auto-lock in minutes.
    func lockSettings() throws(AppFailure) -> LockSettings {
        let accounts = try accountManager()
        let profiles = (try? accounts.profileList().profiles) ?? []
        return LockSettings(protected: profiles.contains(where: accounts.isProtected), autoLockMinutes: try autoLockMinutes())
    }

    /// Unlocks the home's keys for the login session, as `linkstr unlock` (the unlock agent holds
    /// them, started when none runs); a wrong passphrase changes nothing. The names unlocked.
    func unlock(passphrase: String) throws(AppFailure) -> [String] {
        do throws(LinkstrError) {
            return try app.unlock(passphrase: passphrase, agentProgram: UnlockAgentProgram.thisProgram).profiles.map(\.name)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
    }

    /// Locks now, as `linkstr lock`: the agent forgets the keys, and this app's account closes.
    func lockNow() async throws(AppFailure) {
        let accounts = try accountManager()
        do throws(LinkstrError) {
            try accounts.lockProfiles()
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
        await closeAccount()
    }

    /// `[profiles] auto_lock_minutes` as config.toml says now.
    private func autoLockMinutes() throws(AppFailure) -> Int {
        do throws(LinkstrError) {
            return try app.autoLockMinutes()
        } catch {
            throw AppFailure(error.description)
        }
    }

    /// Sets `[profiles] auto_lock_minutes` (0: never); it applies from the next unlock.
    func setAutoLock(minutes: Int) throws(AppFailure) {
        do throws(LinkstrError) {
            try app.setAutoLockMinutes(minutes)
        } catch {
            throw AppFailure(error)
        }
    }

    /// Sets or changes the master passphrase, as `linkstr profile passphrase`, then unlocks with it
    /// (the keys read for it were usable already).
    func setMasterPassphrase(_ passphrase: String, repeated: String) throws(AppFailure) {
        guard passphrase == repeated else { throw AppFailure("the two passphrases differ", isBadInput: true) }
        let accounts = try accountManager()
        do throws(LinkstrError) {
            try accounts.setMasterPassphrase { () throws(LinkstrError) in passphrase }
        } catch {
            throw AppFailure(error)
        }
        _ = try unlock(passphrase: passphrase)
        // The open account's key now comes under the lock: a `linkstr lock` closes it.
        if let opened { followLock(opened) }
    }

    /// The home's profiles (no key needed).
    func accountManager() throws(AppFailure) -> AccountManager {
        do throws(LinkstrError) {
            return try app.accounts()
        } catch {
            throw AppFailure(error.description)
        }
    }
}
