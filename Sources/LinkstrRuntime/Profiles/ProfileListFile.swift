import Foundation
import Glibc
import NostrCore

/// The profile list of a home, `<data>/profiles.json`: read without a lock (it is replaced
/// atomically), changed only under an exclusive lock on `<data>/profiles.lock` by reading what is
/// on disk, changing it and writing it back, so that processes editing at once keep each other's
/// changes. A home from before profiles (`<data>/account.json`) is moved into it when first read.
///
/// Thread rule: a value; any thread (processes and threads editing at once take the lock).
struct ProfileListFile: Sendable {
    let dataDirectory: String
    /// Where the keys of a legacy account move to.
    let keys: ProfileKeyStore

    var path: String { dataDirectory + "/profiles.json" }
    var lockPath: String { dataDirectory + "/profiles.lock" }
    /// The one account of a home from before profiles; moved into the profile list when first read.
    var legacyAccountPath: String { dataDirectory + "/account.json" }

    /// The list as it is on disk (after moving a legacy account into it).
    func read() throws(LinkstrError) -> ProfileList {
        if FileManager.default.fileExists(atPath: legacyAccountPath) {
            return try update { list throws(LinkstrError) -> ProfileList in list }
        }
        return try readWithoutLock()
    }

    /// Runs `body` on the list as it is on disk, under the lock, and writes what it made of it.
    func update<Value>(_ body: (inout ProfileList) throws(LinkstrError) -> Value) throws(LinkstrError) -> Value {
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LinkstrError(.failed, "cannot create \(dataDirectory): \(error.localizedDescription)")
        }
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw LinkstrError(.failed, "cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw LinkstrError(.failed, "cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        var list = try readWithoutLock()
        let before = list
        try migrateLegacyAccount(into: &list)
        let value = try body(&list)
        if list != before { try write(list) }
        try keys.removeFile(legacyAccountPath)
        return value
    }

    private func readWithoutLock() throws(LinkstrError) -> ProfileList {
        guard let data = FileManager.default.contents(atPath: path) else { return ProfileList() }
        do {
            return try Self.decoder.decode(ProfileList.self, from: data)
        } catch {
            throw LinkstrError(.failed, "\(path) is damaged (\(error)); move it away and import your keys again")
        }
    }

    private func write(_ list: ProfileList) throws(LinkstrError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.timeFormatter().string(from: date))
        }
        guard let data = try? encoder.encode(list) else { throw LinkstrError(.failed, "cannot encode the profile list") }
        try keys.writePrivateFile(path, String(decoding: data, as: UTF8.self) + "\n")
    }

    /// A home from before profiles: its `account.json` becomes the active profile and its key files
    /// move into the profile's folder. Runs under the lock; `account.json` goes once the list is written.
    private func migrateLegacyAccount(into list: inout ProfileList) throws(LinkstrError) {
        guard let data = FileManager.default.contents(atPath: legacyAccountPath) else { return }
        let account: AccountFile
        do {
            account = try JSONDecoder().decode(AccountFile.self, from: data)
        } catch {
            throw LinkstrError(.failed, "\(legacyAccountPath) is damaged (\(error)); move it away and import your key again")
        }
        guard !list.profiles.contains(where: { $0.account.pubkey == account.pubkey }) else { return }
        guard let key = try? PublicKey(hex: account.pubkey) else { throw LinkstrError(.failed, "\(legacyAccountPath) holds an invalid public key") }
        let id = ProfileID()
        if account.keyStore != .secretService {
            let folder = keys.keyDirectory(id)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw LinkstrError(.failed, "cannot create \(folder): \(error.localizedDescription)")
            }
            for slot in account.keySlots {
                let old = dataDirectory + "/" + slot.fileName + (account.keyStore == .plain ? ".nsec" : ".ncryptsec")
                guard FileManager.default.fileExists(atPath: old) else { continue }
                guard rename(old, keys.path(slot, account.keyStore, of: id)) == 0 else {
                    throw LinkstrError(.failed, "cannot move \(old) into \(folder): \(String(cString: strerror(errno)))")
                }
            }
            try keys.syncDirectory(folder)
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
