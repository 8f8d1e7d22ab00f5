import Foundation
import NostrCore

/// The lock of a home: its optional master passphrase (the verifier in `<data>/lock.json`, every key
/// of the home encrypted under it) and the unlock agent that holds the unlocked keys in memory for
/// the login session. Setting the passphrase rewrites every profile's keys; unlocking hands them to
/// the agent (started when none runs); locking makes it drop them.
///
/// Thread rule: a value; not thread-safe (commands use it from one thread).
struct HomeLock: Sendable {
    let accounts: AccountManager

    var keys: ProfileKeyStore { accounts.keys }
    var agent: UnlockAgentClient { accounts.agent }

    /// Sets or changes the master passphrase: every profile's keys are read (from the agent, its
    /// account key checked against the profile's public key, or with the current passphrase), then
    /// `newPassphrase` is asked for and they are written again under it — an ncryptsec file, or a
    /// Secret Service item holding the ncryptsec; a plain key becomes an ncryptsec file. The verifier is written last. Returns the profiles.
    func setMasterPassphrase(_ newPassphrase: () throws(LinkstrError) -> String) throws(LinkstrError) -> [HomeProfile] {
        let profiles = try accounts.profileList().profiles
        guard !profiles.isEmpty else { throw LinkstrError.noAccountHere }
        var stored: [[(slot: KeySlot, key: SecretKey)]] = []
        for profile in profiles {
            let slots = storedSlots(of: profile)
            // The agent's copy of a remote signer's secrets has no public key to be checked against: read those from the store.
            let loaded = try keys.loadKeys(slots, of: profile, fromAgent: profile.account.remoteSigner == nil)
            stored.append(Array(zip(slots, loaded)).map { (slot: $0.0, key: $0.1) })
        }
        let passphrase = try newPassphrase()
        guard !passphrase.isEmpty else { throw LinkstrError(.badInput, "the master passphrase must not be empty") }
        for (profile, profileKeys) in zip(profiles, stored) {
            let keyStore = profile.account.keyStore == .plain ? KeyStoreKind.ncryptsec : profile.account.keyStore
            try keys.storeKeys(profileKeys, keyStore: keyStore, of: profile.id, npub: profile.npub, newPassphrase: true, passphrase: passphrase)
            guard keyStore != profile.account.keyStore else { continue }
            try accounts.editProfile(profile) { $0.account.keyStore = keyStore }
            for slot in profileKeys.map(\.slot) { try keys.removeFile(keys.path(slot, .plain, of: profile.id)) }
        }
        let verifier = try MasterPassphraseVerifier(passphrase: passphrase)
        guard let data = try? JSONEncoder().encode(verifier) else { throw LinkstrError(.failed, "cannot encode the master passphrase's verifier") }
        try keys.writePrivateFile(keys.lockPath, String(decoding: data, as: UTF8.self) + "\n")
        return try accounts.profileList().profiles
    }

    /// Unlocks for the login session: checks `passphrase` (against the master passphrase's verifier
    /// when there is one), decrypts the keys of every profile it protects and hands them to the
    /// unlock agent, started with `agentCommand` (the program, then its arguments) when none runs.
    /// - Parameter autoLockMinutes: the agent locks itself after this long without use; 0 for never.
    /// - Returns: the profiles unlocked and when the agent locks unless used before (nil: never).
    func unlockProfiles(
        passphrase: String, autoLockMinutes: Int, agentCommand: [String]
    ) throws(LinkstrError) -> (profiles: [HomeProfile], until: Date?) {
        let verifier = try keys.masterPassphraseVerifier()
        if let verifier, !(try verifier.matches(passphrase)) {
            throw LinkstrError(.failed, "wrong passphrase: it is not this home's master passphrase")
        }
        let protected = try accounts.profileList().profiles.filter(accounts.isProtected)
        guard !protected.isEmpty else { throw nothingToLock }
        var unlocked: [HomeProfile] = []
        var handed: [UnlockedProfileKeys] = []
        for profile in protected {
            let slots = storedSlots(of: profile)
            // Without a master passphrase each ncryptsec may have its own: unlock those this one opens.
            guard let opened = verifier == nil ? try? keys.loadKeys(slots, of: profile, passphrase: passphrase)
                : try keys.loadKeys(slots, of: profile, passphrase: passphrase)
            else { continue }
            unlocked.append(profile)
            handed.append(UnlockedProfileKeys(id: profile.id.rawValue, keys: Dictionary(uniqueKeysWithValues: zip(slots.map(\.fileName), opened.map(\.nsec)))))
        }
        guard !handed.isEmpty else { throw LinkstrError(.failed, "wrong passphrase: it opens none of this home's keys") }
        try agent.start(agentCommand)
        var request = UnlockAgentMessage(.unlock)
        request.profiles = handed
        request.autoLockMinutes = autoLockMinutes
        guard let reply = try agent.request(request) else { throw LinkstrError(.failed, "the unlock agent stopped answering on \(agent.address.socketPath)") }
        guard reply.ok == true else { throw LinkstrError(.failed, "the unlock agent refused: \(reply.error ?? "no reason given")") }
        return (unlocked, reply.until.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }

    /// Locks: the unlock agent drops every key and tells its subscribers.
    /// - Throws: when no key of the home needs a passphrase (there is nothing to lock).
    func lockProfiles() throws(LinkstrError) {
        guard try accounts.profileList().profiles.contains(where: accounts.isProtected) else { throw nothingToLock }
        guard let reply = try agent.request(UnlockAgentMessage(.lock)) else { return }
        guard reply.ok == true else { throw LinkstrError(.failed, "the unlock agent refused to lock: \(reply.error ?? "no reason given")") }
    }

    private var nothingToLock: LinkstrError {
        LinkstrError(.failed,
            "there is nothing to lock: no key of this home needs a passphrase; set a master passphrase with `linkstr profile passphrase` "
                + "(it encrypts every profile's key under it)")
    }

    /// The slots of `profile` that hold a key now (a disconnected remote signer has no session key).
    private func storedSlots(of profile: HomeProfile) -> [KeySlot] {
        guard let remote = profile.account.remoteSigner else { return profile.account.keySlots }
        return remote.connected ? profile.account.keySlots : [.dataKey]
    }
}
