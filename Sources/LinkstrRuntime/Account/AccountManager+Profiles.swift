import Foundation
import Glibc
import NostrCore

/// The profile list of the home, `<data>/profiles.json`: read without a lock (it is replaced
/// atomically), changed only under an exclusive lock on `<data>/profiles.lock` by reading what is
/// on disk, changing it and writing it back, so that processes editing at once keep each other's
/// changes. Each change stamps the profiles it touches with `last_synced_at`.
extension AccountManager {
    var profilesPath: String { dataDirectory + "/profiles.json" }
    var profilesLockPath: String { dataDirectory + "/profiles.lock" }
    /// The one account of a home from before profiles; moved into the profile list when first read.
    var legacyAccountPath: String { dataDirectory + "/account.json" }

    /// The home's profiles.
    public func profileList() throws(AccountError) -> ProfileList {
        if FileManager.default.fileExists(atPath: legacyAccountPath) {
            return try updateProfiles { list throws(AccountError) -> ProfileList in list }
        }
        return try readProfiles()
    }

    /// The profile `--profile` names, else the active one; nil when there is none.
    public func selectedProfile() throws(AccountError) -> HomeProfile? {
        try selected(in: try profileList())
    }

    /// The profile commands act on, or the "no account" error (exit 3).
    public func requireProfile() throws(AccountError) -> HomeProfile {
        let list = try profileList()
        if let profile = try selected(in: list) { return profile }
        guard list.profiles.isEmpty else {
            throw AccountError("no profile is active; choose one with `linkstr profile use NAME` (`linkstr profile list` shows them)", noAccount: true)
        }
        throw AccountError.none
    }

    func selected(in list: ProfileList) throws(AccountError) -> HomeProfile? {
        guard let profileName else { return list.active }
        guard let profile = list.named(profileName) else {
            throw AccountError("there is no profile named '\(profileName)' in this home; `linkstr profile list` shows them", badInput: true)
        }
        return profile
    }

    /// Adds a profile for `secretKey` (named `name`, else `default` or the next free variant).
    /// - Throws: when the name is taken or the home already has a profile with this key.
    @discardableResult
    public func addProfile(_ secretKey: SecretKey, name: String?, keyStore: KeyStoreKind, now: Int64, activate: Bool) throws(AccountError) -> HomeProfile {
        let publicKey = secretKey.publicKey
        let id = ProfileID()
        try checkNewProfile(publicKey, name: name, in: try profileList())
        try storeKeys(
            [(.accountKey, secretKey)], keyStore: keyStore, of: id, npub: publicKey.npub, newPassphrase: true,
            profileName: name ?? (try? profileList())?.unusedName("default"))
        let account = AccountFile(pubkey: publicKey.hex, keyStore: keyStore, name: nil, createdAt: now)
        return try insertProfile(id: id, account: account, name: name, activate: activate)
    }

    /// Writes a new profile `id` (its keys stored already) into the list; removes its keys when the
    /// list refuses it.
    func insertProfile(id: ProfileID, account: AccountFile, name: String?, activate: Bool) throws(AccountError) -> HomeProfile {
        guard let key = try? PublicKey(hex: account.pubkey) else { throw AccountError("\(account.pubkey) is not a valid public key") }
        let npub = key.npub
        do {
            return try updateProfiles { list throws(AccountError) in
                try checkNewProfile(key, name: name, in: list)
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
            try? removeKeys(account.keySlots, of: orphan)
            try? FileManager.default.removeItem(atPath: keyDirectory(id))
            throw error
        }
    }

    private func checkNewProfile(_ key: PublicKey, name: String?, in list: ProfileList) throws(AccountError) {
        if let name {
            try Self.checkName(name)
            if list.named(name) != nil { throw AccountError("there is already a profile named '\(name)'; choose another name", badInput: true) }
        }
        if let same = list.profiles.first(where: { $0.account.pubkey == key.hex }) {
            throw AccountError("this home already has \(key.npub) as profile '\(same.name)'")
        }
    }

    static func checkName(_ name: String) throws(AccountError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, !name.contains(where: \.isNewline) else {
            throw AccountError("a profile name must not be empty or span lines; choose another", badInput: true)
        }
    }

    /// Makes the profile `name` the active one.
    @discardableResult
    public func useProfile(_ name: String) throws(AccountError) -> HomeProfile {
        try updateProfiles { list throws(AccountError) in
            let profile = try Self.existing(name, in: list)
            list.activate(profile.id, now: Date())
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    /// Renames the profile `old` to `new`.
    @discardableResult
    public func renameProfile(_ old: String, to new: String) throws(AccountError) -> HomeProfile {
        try Self.checkName(new)
        return try updateProfiles { list throws(AccountError) in
            let profile = try Self.existing(old, in: list)
            if let other = list.named(new), other.id != profile.id {
                throw AccountError("there is already a profile named '\(other.name)'; choose another name", badInput: true)
            }
            list.edit(profile.id, now: Date()) {
                $0.name = new
                $0.account.name = new
            }
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    /// Forgets `profile`: its keys, then its entry. Its data stays unless the caller clears it.
    public func removeProfile(_ profile: HomeProfile) throws(AccountError) {
        try removeKeys(profile.account.keySlots, of: profile)
        try? FileManager.default.removeItem(atPath: keyDirectory(profile.id))
        try updateProfiles { list throws(AccountError) in list.profiles.removeAll { $0.id == profile.id } }
    }

    /// Changes the entry of `profile` (stamped now), keeping what other processes changed in the others.
    @discardableResult
    func editProfile(_ profile: HomeProfile, _ change: (inout HomeProfile) -> Void) throws(AccountError) -> HomeProfile {
        try updateProfiles { list throws(AccountError) in
            guard list.profiles.contains(where: { $0.id == profile.id }) else {
                throw AccountError("profile '\(profile.name)' was removed meanwhile; `linkstr profile list` shows the others")
            }
            list.edit(profile.id, now: Date(), change)
            return list.profiles.first { $0.id == profile.id } ?? profile
        }
    }

    public static func existing(_ name: String, in list: ProfileList) throws(AccountError) -> HomeProfile {
        guard let profile = list.named(name) else {
            throw AccountError("there is no profile named '\(name)' in this home; `linkstr profile list` shows them", badInput: true)
        }
        return profile
    }

    /// Runs `body` on the list as it is on disk, under the lock, and writes what it made of it.
    func updateProfiles<Value>(_ body: (inout ProfileList) throws(AccountError) -> Value) throws(AccountError) -> Value {
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AccountError("cannot create \(dataDirectory): \(error.localizedDescription)")
        }
        let lock = open(profilesLockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw AccountError("cannot open \(profilesLockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw AccountError("cannot lock \(profilesLockPath): \(String(cString: strerror(errno)))") }
        var list = try readProfiles()
        let before = list
        try migrateLegacyAccount(into: &list)
        let value = try body(&list)
        if list != before { try writeProfiles(list) }
        try removeFile(legacyAccountPath)
        return value
    }

    private func readProfiles() throws(AccountError) -> ProfileList {
        guard let data = FileManager.default.contents(atPath: profilesPath) else { return ProfileList() }
        do {
            return try Self.decoder.decode(ProfileList.self, from: data)
        } catch {
            throw AccountError("\(profilesPath) is damaged (\(error)); move it away and import your keys again")
        }
    }

    private func writeProfiles(_ list: ProfileList) throws(AccountError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.timeFormatter().string(from: date))
        }
        guard let data = try? encoder.encode(list) else { throw AccountError("cannot encode the profile list") }
        try writePrivateFile(profilesPath, String(decoding: data, as: UTF8.self) + "\n")
    }

    /// A home from before profiles: its `account.json` becomes the active profile and its key files
    /// move into the profile's folder. Runs under the lock; `account.json` goes once the list is written.
    private func migrateLegacyAccount(into list: inout ProfileList) throws(AccountError) {
        guard let data = FileManager.default.contents(atPath: legacyAccountPath) else { return }
        let account: AccountFile
        do {
            account = try JSONDecoder().decode(AccountFile.self, from: data)
        } catch {
            throw AccountError("\(legacyAccountPath) is damaged (\(error)); move it away and import your key again")
        }
        guard !list.profiles.contains(where: { $0.account.pubkey == account.pubkey }) else { return }
        guard let key = try? PublicKey(hex: account.pubkey) else { throw AccountError("\(legacyAccountPath) holds an invalid public key") }
        let id = ProfileID()
        if account.keyStore != .secretService {
            let folder = keyDirectory(id)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw AccountError("cannot create \(folder): \(error.localizedDescription)")
            }
            for slot in account.keySlots {
                let old = dataDirectory + "/" + slot.fileName + (account.keyStore == .plain ? ".nsec" : ".ncryptsec")
                guard FileManager.default.fileExists(atPath: old) else { continue }
                guard rename(old, path(slot, account.keyStore, of: id)) == 0 else {
                    throw AccountError("cannot move \(old) into \(folder): \(String(cString: strerror(errno)))")
                }
            }
            try syncDirectory(folder)
        }
        let now = Date()
        var named = account
        named.name = account.name ?? list.unusedName("default")
        list.profiles.append(HomeProfile(id: id, name: named.name ?? "", npub: key.npub, active: false, lastSyncedAt: now, account: named))
        if list.active == nil { list.activate(id, now: now) }
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = Self.timeFormatter().date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an ISO 8601 time"))
            }
            return date
        }
        return decoder
    }

    /// ISO 8601 with milliseconds, so that edits within one second still order.
    static func timeFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
