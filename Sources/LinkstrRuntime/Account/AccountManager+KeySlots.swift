import CHostSupport
import Foundation
import Glibc
import NostrCore

/// The secrets of the account in its key store, one ``KeySlot`` each: `<data>/<slot>.ncryptsec` or
/// `<data>/<slot>.nsec` (mode 0600), or a Secret Service item. An ncryptsec store asks for the
/// passphrase once per call, however many slots it reads or writes.
extension AccountManager {
    func path(_ slot: KeySlot, _ keyStore: KeyStoreKind) -> String {
        dataDirectory + "/" + slot.fileName + (keyStore == .plain ? ".nsec" : ".ncryptsec")
    }

    /// Stores each key in its slot. `npub` is the account's (it names the Secret Service items).
    /// - Parameter newPassphrase: an ncryptsec passphrase is being chosen (asked twice on a terminal).
    func storeKeys(_ keys: [(slot: KeySlot, key: SecretKey)], keyStore: KeyStoreKind, npub: String, newPassphrase: Bool) throws(AccountError) {
        _ = linkstr_forbid_core_dumps()
        switch keyStore {
        case .secretService:
            for (slot, key) in keys { try secretService.store(nsec: key.nsec, npub: npub + slot.secretServiceSuffix) }
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
                try writePrivateFile(path(slot, keyStore), encrypted + "\n")
            }
        case .plain:
            for (slot, key) in keys { try writePrivateFile(path(slot, keyStore), key.nsec + "\n") }
        }
    }

    /// The keys in `slots` of `account`, in that order (may ask for the passphrase, once).
    func loadKeys(_ slots: [KeySlot], of account: AccountFile) throws(AccountError) -> [SecretKey] {
        _ = linkstr_forbid_core_dumps()
        var passphrase: String?
        var keys: [SecretKey] = []
        for slot in slots {
            let file = path(slot, account.keyStore)
            switch account.keyStore {
            case .secretService:
                keys.append(try parseNsec(try secretService.lookup(npub: try npub(of: account) + slot.secretServiceSuffix), source: "the Secret Service"))
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

    /// Removes the keys in `slots` of `account`.
    func removeKeys(_ slots: [KeySlot], of account: AccountFile) throws(AccountError) {
        for slot in slots {
            if account.keyStore == .secretService {
                try secretService.remove(npub: try npub(of: account) + slot.secretServiceSuffix)
            } else {
                try removeFile(path(slot, account.keyStore))
            }
        }
    }

    func removeFile(_ path: String) throws(AccountError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard unlink(path) == 0 else { throw AccountError("cannot remove \(path): \(String(cString: strerror(errno)))") }
    }

    func writeAccountFile(_ account: AccountFile) throws(AccountError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try writePrivateFile(accountPath, String(decoding: (try? encoder.encode(account)) ?? Data(), as: UTF8.self) + "\n")
    }
}
