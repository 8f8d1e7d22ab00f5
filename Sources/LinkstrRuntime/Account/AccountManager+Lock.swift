import Foundation
import NostrCore

/// The lock of a home: an optional master passphrase (its verifier in `<data>/lock.json`, every
/// key of the home encrypted under it), and the unlock agent that holds the unlocked keys in
/// memory for the login session, so commands do not derive them again.
extension AccountManager {
    /// Where this home's unlock agent listens.
    public var agentAddress: UnlockAgentAddress { UnlockAgentAddress(dataDirectory: dataDirectory, environment: environment) }

    /// The master passphrase's verifier; nil when the home has none.
    public func masterPassphraseVerifier() throws(LinkstrError) -> MasterPassphraseVerifier? {
        try keys.masterPassphraseVerifier()
    }

    /// Whether a passphrase protects the keys of `profile` (an ncryptsec file, or a Secret Service
    /// item under the master passphrase).
    public func isProtected(_ profile: HomeProfile) -> Bool {
        switch profile.account.keyStore {
        case .ncryptsec: return true
        case .secretService: return FileManager.default.fileExists(atPath: keys.lockPath)
        case .plain: return false
        }
    }

    /// Whether `profile` is locked: a passphrase protects it and the unlock agent does not hold its keys.
    public func isLocked(_ profile: HomeProfile) -> Bool {
        isProtected(profile) && agent.holds(profile) != true
    }

    /// Whether a front end that asks no terminal (the app) must unlock `profile` before it uses its
    /// key: a passphrase protects it, no passphrase file is configured, and the unlock agent does
    /// not hold it (no agent runs, or it is locked).
    public func needsUnlock(_ profile: HomeProfile) -> Bool {
        isProtected(profile) && !PassphraseSource(environment: environment).isConfigured && agent.holds(profile) != true
    }

    /// Whether storing a key in `keyStore` needs a passphrase: an ncryptsec file always, a Secret
    /// Service item under a master passphrase.
    public func needsPassphrase(_ keyStore: KeyStoreKind) -> Bool {
        switch keyStore {
        case .ncryptsec: return true
        case .secretService: return FileManager.default.fileExists(atPath: keys.lockPath)
        case .plain: return false
        }
    }

    /// Whether a long-running command (`watch`) should wait for `linkstr unlock` rather than ask
    /// for the passphrase: an agent runs and does not hold the keys of `profile`, which a passphrase
    /// protects, and no passphrase file is configured.
    public func waitsForUnlock(_ profile: HomeProfile) -> Bool {
        isProtected(profile) && !PassphraseSource(environment: environment).isConfigured && agent.holds(profile) == false
    }

    /// Whether the key of `profile` came from the unlock agent, which can take it back (`lock`).
    public func heldByAgent(_ profile: HomeProfile) -> Bool {
        isProtected(profile) && !PassphraseSource(environment: environment).isConfigured && agent.holds(profile) == true
    }

    /// Calls `onAutoLock` each time the unlock agent locks itself (auto-lock), and `onLock` when it
    /// is locked with `linkstr lock`, then stops listening; on a thread of its own. Returns at once.
    public func whenLocked(onAutoLock: (@Sendable () -> Void)? = nil, _ onLock: @escaping @Sendable () -> Void) {
        agent.whenLocked(onAutoLock: onAutoLock, onLock)
    }

    /// When the unlock agent last locked itself, until the next `unlock` or `lock`; nil when it did
    /// not, or no agent answers.
    public func autoLockedAt() -> Date? {
        agent.autoLockedAt()
    }

    /// Sets or changes the master passphrase (``HomeLock/setMasterPassphrase(_:)``); returns the profiles.
    @discardableResult
    public func setMasterPassphrase(_ newPassphrase: () throws(LinkstrError) -> String) throws(LinkstrError) -> [HomeProfile] {
        try HomeLock(accounts: self).setMasterPassphrase(newPassphrase)
    }

    /// Unlocks for the login session (``HomeLock/unlockProfiles(passphrase:autoLockMinutes:agentCommand:)``).
    public func unlockProfiles(
        passphrase: String, autoLockMinutes: Int, agentCommand: [String]
    ) throws(LinkstrError) -> (profiles: [HomeProfile], until: Date?) {
        try HomeLock(accounts: self).unlockProfiles(passphrase: passphrase, autoLockMinutes: autoLockMinutes, agentCommand: agentCommand)
    }

    /// Locks (``HomeLock/lockProfiles()``).
    public func lockProfiles() throws(LinkstrError) {
        try HomeLock(accounts: self).lockProfiles()
    }
}
