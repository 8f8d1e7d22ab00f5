import CHostSupport
import Foundation
import Glibc
import NostrCore

/// The secrets of a profile in its key store, one ``KeySlot`` each:
/// `<data>/profiles/<id>/<slot>.ncryptsec` or `.nsec` (mode 0600), or a Secret Service item
/// keyed by the profile's id. An ncryptsec store asks for the passphrase once per call, however
/// many slots it reads or writes.
extension AccountManager {
    func keyDirectory(_ id: ProfileID) -> String {
        dataDirectory + "/profiles/" + id.rawValue
    }

    func path(_ slot: KeySlot, _ keyStore: KeyStoreKind, of id: ProfileID) -> String {
        keyDirectory(id) + "/" + slot.fileName + (keyStore == .plain ? ".nsec" : ".ncryptsec")
    }

    /// Stores each key in its slot of the profile `id`, whose identity is `npub`.
    /// - Parameter newPassphrase: an ncryptsec passphrase is being chosen (asked twice on a terminal).
    func storeKeys(
        _ keys: [(slot: KeySlot, key: SecretKey)], keyStore: KeyStoreKind, of id: ProfileID, npub: String, newPassphrase: Bool
    ) throws(AccountError) {
        _ = linkstr_forbid_core_dumps()
        switch keyStore {
        case .secretService:
            for (slot, key) in keys {
                try secretService.store(nsec: key.nsec, item: SecretServiceItem(profile: id, npub: npub, slot: slot))
            }
        case .ncryptsec:
            guard !keys.isEmpty else { return }
            let passphrase = try PassphraseSource(environment: environment).passphrase(confirm: newPassphrase)
            for (slot, key) in keys {
                let encrypted: String
                do {
                    encrypted = try NIP49.encrypt(key, password: passphrase)
                } catch {
                    throw AccountError("cannot encrypt the key: \(error)")
                }
                try writePrivateFile(path(slot, keyStore, of: id), encrypted + "\n")
            }
        case .plain:
            for (slot, key) in keys { try writePrivateFile(path(slot, keyStore, of: id), key.nsec + "\n") }
        }
    }

    /// The keys in `slots` of `profile`, in that order (may ask for the passphrase, once).
    func loadKeys(_ slots: [KeySlot], of profile: HomeProfile) throws(AccountError) -> [SecretKey] {
        _ = linkstr_forbid_core_dumps()
        var passphrase: String?
        var keys: [SecretKey] = []
        for slot in slots {
            let file = path(slot, profile.account.keyStore, of: profile.id)
            switch profile.account.keyStore {
            case .secretService:
                let item = SecretServiceItem(profile: profile.id, npub: profile.npub, slot: slot)
                keys.append(try parseNsec(try secretService.lookup(item), source: "the Secret Service"))
            case .ncryptsec:
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw AccountError("cannot read \(file)") }
                if passphrase == nil { passphrase = try PassphraseSource(environment: environment).passphrase(confirm: false) }
                do {
                    keys.append(try NIP49.decrypt(text.trimmingCharacters(in: .whitespacesAndNewlines), password: passphrase ?? "").secretKey)
                } catch {
                    throw AccountError("cannot unlock \(file): wrong passphrase or damaged file (\(error))")
                }
            case .plain:
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw AccountError("cannot read \(file)") }
                keys.append(try parseNsec(text, source: file))
            }
        }
        return keys
    }

    /// Removes the keys in `slots` of `profile`.
    func removeKeys(_ slots: [KeySlot], of profile: HomeProfile) throws(AccountError) {
        for slot in slots {
            if profile.account.keyStore == .secretService {
                try secretService.remove(SecretServiceItem(profile: profile.id, npub: profile.npub, slot: slot))
            } else {
                try removeFile(path(slot, profile.account.keyStore, of: profile.id))
            }
        }
    }

    func removeFile(_ path: String) throws(AccountError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard unlink(path) == 0 else { throw AccountError("cannot remove \(path): \(String(cString: strerror(errno)))") }
    }
}
