import CHostSupport
import Foundation
import Glibc
import NostrCore

/// The account of one linkstr home: `<data>/account.json` plus the secret key in the chosen key store
/// (`<data>/key.ncryptsec` or `<data>/key.nsec`, mode 0600, or the Secret Service). The secret key is
/// never logged or printed unless `--reveal-secret` asks for it.
///
/// Thread rule: not thread-safe; commands use it from one thread.
public struct AccountManager: Sendable {
    public let dataDirectory: String
    public let environment: [String: String]

    public init(dataDirectory: String, environment: [String: String]) {
        self.dataDirectory = dataDirectory
        self.environment = environment
    }

    var accountPath: String { dataDirectory + "/account.json" }
    var secretService: SecretServiceKeyStore { SecretServiceKeyStore(environment: environment) }

    /// The key store used when none is asked for: the Secret Service when one answers, else ncryptsec.
    public func defaultKeyStore() -> KeyStoreKind {
        secretService.isAvailable ? .secretService : .ncryptsec
    }

    /// The active account, or nil.
    public func current() throws(AccountError) -> AccountFile? {
        guard let data = FileManager.default.contents(atPath: accountPath) else { return nil }
        do {
            return try JSONDecoder().decode(AccountFile.self, from: data)
        } catch {
            throw AccountError("\(accountPath) is damaged (\(error)); move it away and import your key again")
        }
    }

    /// The active account, or the "no account" error (exit 3).
    public func require() throws(AccountError) -> AccountFile {
        guard let account = try current() else { throw AccountError.none }
        return account
    }

    /// Stores `secretKey` as the account of this home.
    /// - Throws: when an account already exists (log out first) or the key store fails.
    @discardableResult
    public func save(_ secretKey: SecretKey, name: String?, keyStore: KeyStoreKind, now: Int64) throws(AccountError) -> AccountFile {
        _ = linkstr_forbid_core_dumps()
        if let existing = try current() {
            throw AccountError("this home already has an account (\(try npub(of: existing))); run `linkstr account logout` first (after backing up its key)")
        }
        let publicKey = secretKey.publicKey
        try storeKeys([(.accountKey, secretKey)], keyStore: keyStore, npub: publicKey.npub, newPassphrase: true)
        let account = AccountFile(pubkey: publicKey.hex, keyStore: keyStore, name: name, createdAt: now)
        try writeAccountFile(account)
        return account
    }

    /// The account's secret key, from its key store (may ask for the passphrase).
    public func secretKey() throws(AccountError) -> SecretKey {
        let account = try require()
        guard account.remoteSigner == nil else {
            throw AccountError("the key of this account is in a remote signer and never on this machine; use the signer to see or back it up")
        }
        let key = try loadKeys([.accountKey], of: account)[0]
        guard key.publicKey.hex == account.pubkey else {
            throw AccountError("the stored key does not belong to account \(account.pubkey); the key store was changed behind linkstr's back")
        }
        return key
    }

    /// Forgets the identity: removes `account.json` and the key material. Data stays unless the
    /// caller clears it.
    public func logout() throws(AccountError) {
        let account = try require()
        try removeKeys(account.keySlots, of: account)
        try removeFile(accountPath)
        try syncDataDirectory()
    }

    /// Makes the folder's entries (a key written or removed) durable before the command reports it.
    func syncDataDirectory() throws(AccountError) {
        let descriptor = open(dataDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AccountError("cannot open \(dataDirectory) to sync it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AccountError("cannot sync \(dataDirectory): \(String(cString: strerror(errno)))") }
    }

    func npub(of account: AccountFile) throws(AccountError) -> String {
        guard let key = try? PublicKey(hex: account.pubkey) else { throw AccountError("\(accountPath) holds an invalid public key") }
        return key.npub
    }

    func parseNsec(_ text: String, source: String) throws(AccountError) -> SecretKey {
        do {
            return try SecretKey(nsec: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw AccountError("\(source) does not hold a valid nsec")
        }
    }

    /// Writes `text` atomically with mode 0600 (the folder is created with 0700).
    func writePrivateFile(_ path: String, _ text: String) throws(AccountError) {
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AccountError("cannot create \(dataDirectory): \(error.localizedDescription)")
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AccountError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw AccountError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        try syncDataDirectory()
    }
}
