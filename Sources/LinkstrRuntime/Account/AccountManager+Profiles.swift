import Foundation
import NostrCore

/// The profiles of the home (``ProfileListFile``): selecting, adding, renaming and removing them,
/// their keys going with them. Each change stamps the profiles it touches with `last_synced_at`.
extension AccountManager {
    /// The home's profiles.
    public func profileList() throws(LinkstrError) -> ProfileList {
        try profiles.read()
    }

    /// The profile `--profile` names, else the active one; nil when there is none.
    public func selectedProfile() throws(LinkstrError) -> HomeProfile? {
        try selected(in: try profileList())
    }

    /// The profile commands act on, or the "no account" error (exit 3).
    public func requireProfile() throws(LinkstrError) -> HomeProfile {
        let list = try profileList()
        if let profile = try selected(in: list) { return profile }
        guard list.profiles.isEmpty else {
            throw LinkstrError(.noAccount, "no profile is active; choose one with `linkstr profile use NAME` (`linkstr profile list` shows them)")
        }
        throw LinkstrError.noAccountHere
    }

    func selected(in list: ProfileList) throws(LinkstrError) -> HomeProfile? {
        guard let profileName else { return list.active }
        guard let profile = list.named(profileName) else {
            throw LinkstrError(.badInput, "there is no profile named '\(profileName)' in this home; `linkstr profile list` shows them")
        }
        return profile
    }

    /// Adds a profile for `secretKey` (named `name`, else `default` or the next free variant).
    /// - Parameter passphrase: the passphrase to encrypt the key under (``needsPassphrase(_:)``),
    ///   which must be the master passphrase when the home has one; nil: the passphrase source's.
    /// - Throws: when the name is taken, the home already has a profile with this key, or the
    ///   passphrase is not the master passphrase.
    @discardableResult
    public func addProfile(
        _ secretKey: SecretKey, name: String?, keyStore: KeyStoreKind, now: Int64, activate: Bool, passphrase: String? = nil
    ) throws(LinkstrError) -> HomeProfile {
        let publicKey = secretKey.publicKey
        let id = ProfileID()
        try profileList().checkNewProfile(publicKey, name: name)
        if let passphrase {
            guard !passphrase.isEmpty else { throw LinkstrError(.badInput, "the passphrase must not be empty") }
            try keys.checkMasterPassphrase(passphrase)
        }
        try keys.storeKeys(
            [(.accountKey, secretKey)], keyStore: keyStore, of: id, npub: publicKey.npub, newPassphrase: true, passphrase: passphrase,
            profileName: name ?? (try? profileList())?.unusedName("default"))
        let account = AccountFile(pubkey: publicKey.hex, keyStore: keyStore, name: nil, createdAt: now)
        return try insertProfile(id: id, account: account, name: name, activate: activate)
    }

    /// A new profile for `secretKey`, as every front end adds one: made active when `use` asks
    /// or when the home has no active profile yet (its first), and counted as backed up when the
    /// key was restored from its backup (an ncryptsec): there is one.
    @discardableResult
    public func addProfile(
        _ secretKey: SecretKey, name: String?, keyStore: KeyStoreKind, use: Bool, restoredFromBackup: Bool, passphrase: String? = nil,
        now: Int64 = Int64(Date().timeIntervalSince1970)
    ) throws(LinkstrError) -> HomeProfile {
        let first = try profileList().active == nil
        let added = try addProfile(secretKey, name: name, keyStore: keyStore, now: now, activate: use || first, passphrase: passphrase)
        return restoredFromBackup ? try markBackedUp(added) : added
    }

    /// Writes a new profile `id` (its keys stored already) into the list; removes its keys when the
    /// list refuses it.
    func insertProfile(id: ProfileID, account: AccountFile, name: String?, activate: Bool) throws(LinkstrError) -> HomeProfile {
        guard let key = try? PublicKey(hex: account.pubkey) else { throw LinkstrError(.failed, "\(account.pubkey) is not a valid public key") }
        let npub = key.npub
        do {
            return try profiles.update { list throws(LinkstrError) in
                try list.checkNewProfile(key, name: name)
                let now = Date()
                var named = account
                named.name = name ?? list.unusedName("default")
                let profile = HomeProfile(id: id, name: named.name ?? "", npub: npub, active: false, lastSyncedAt: now, account: named)
                list.profiles.append(profile)
                if activate { list.activate(id, now: now) }
                return list.profiles.last { $0.id == id } ?? profile
            }
        } catch {
            let orphan = HomeProfile(id: id, name: "", npub: npub, active: false, lastSyncedAt: Date(), account: account)
            try? keys.removeKeys(account.keySlots, of: orphan)
            try? FileManager.default.removeItem(atPath: keys.keyDirectory(id))
            throw error
        }
    }

    /// Makes the profile `name` the active one.
    @discardableResult
    public func useProfile(_ name: String) throws(LinkstrError) -> HomeProfile {
        try profiles.update { list throws(LinkstrError) in
            let profile = try Self.existing(name, in: list)
            list.activate(profile.id, now: Date())
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    /// Renames the profile `old` to `new`.
    @discardableResult
    public func renameProfile(_ old: String, to new: String) throws(LinkstrError) -> HomeProfile {
        try ProfileList.checkName(new)
        return try profiles.update { list throws(LinkstrError) in
            let profile = try Self.existing(old, in: list)
            if let other = list.named(new), other.id != profile.id {
                throw LinkstrError(.badInput, "there is already a profile named '\(other.name)'; choose another name")
            }
            list.edit(profile.id, now: Date()) {
                $0.name = new
                $0.account.name = new
            }
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    /// What to ask before `removeProfile` deletes the key of `profile` from this machine.
    public static func removalQuestion(_ profile: HomeProfile) -> String {
        "Delete profile '\(profile.name)' and the key of \(profile.npub) from this machine?"
            + (profile.backedUp ? "" : " It was never backed up (`linkstr profile backup \(profile.name)`).")
    }

    /// Forgets `profile`: its keys, then its entry. Its data stays unless the caller clears it.
    public func removeProfile(_ profile: HomeProfile) throws(LinkstrError) {
        try keys.removeKeys(profile.account.keySlots, of: profile)
        try? FileManager.default.removeItem(atPath: keys.keyDirectory(profile.id))
        try profiles.update { list throws(LinkstrError) in list.profiles.removeAll { $0.id == profile.id } }
    }

    /// Changes the entry of `profile` (stamped now), keeping what other processes changed in the others.
    @discardableResult
    func editProfile(_ profile: HomeProfile, _ change: (inout HomeProfile) -> Void) throws(LinkstrError) -> HomeProfile {
        try profiles.update { list throws(LinkstrError) in
            guard list.profiles.contains(where: { $0.id == profile.id }) else {
                throw LinkstrError(.failed, "profile '\(profile.name)' was removed meanwhile; `linkstr profile list` shows the others")
            }
            list.edit(profile.id, now: Date(), change)
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    public static func existing(_ name: String, in list: ProfileList) throws(LinkstrError) -> HomeProfile {
        guard let profile = list.named(name) else {
            throw LinkstrError(.badInput, "there is no profile named '\(name)' in this home; `linkstr profile list` shows them")
        }
        return profile
    }
}
