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
    var ncryptsecPath: String { dataDirectory + "/key.ncryptsec" }
    var plainKeyPath: String { dataDirectory + "/key.nsec" }
    private var secretService: SecretServiceKeyStore { SecretServiceKeyStore(environment: environment) }

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
        switch keyStore {
        case .secretService:
            try secretService.store(nsec: secretKey.nsec, npub: publicKey.npub)
        case .ncryptsec:
            let passphrase = try PassphraseSource(environment: environment).passphrase(confirm: true)
            let encrypted: String
            do {
                encrypted = try NIP49.encrypt(secretKey, password: passphrase)
            } catch {
                throw AccountError("cannot encrypt the key: \(error)")
            }
            try writePrivateFile(ncryptsecPath, encrypted + "\n")
        case .plain:
            try writePrivateFile(plainKeyPath, secretKey.nsec + "\n")
        }
        let account = AccountFile(pubkey: publicKey.hex, keyStore: keyStore, name: name, createdAt: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try writePrivateFile(accountPath, String(decoding: (try? encoder.encode(account)) ?? Data(), as: UTF8.self) + "\n")
        return account
    }

    /// The account's secret key, from its key store (may ask for the passphrase).
    public func secretKey() throws(AccountError) -> SecretKey {
        let account = try require()
        _ = linkstr_forbid_core_dumps()
        let key: SecretKey
        switch account.keyStore {
        case .secretService:
            key = try parseNsec(try secretService.lookup(npub: try npub(of: account)), source: "the Secret Service")
        case .ncryptsec:
            guard let text = try? String(contentsOfFile: ncryptsecPath, encoding: .utf8) else {
                throw AccountError("cannot read \(ncryptsecPath)")
            }
            let passphrase = try PassphraseSource(environment: environment).passphrase(confirm: false)
            do {
                key = try NIP49.decrypt(text.trimmingCharacters(in: .whitespacesAndNewlines), password: passphrase).secretKey
            } catch {
                throw AccountError("cannot unlock \(ncryptsecPath): wrong passphrase or damaged file (\(error))")
            }
        case .plain:
            guard let text = try? String(contentsOfFile: plainKeyPath, encoding: .utf8) else {
                throw AccountError("cannot read \(plainKeyPath)")
            }
            key = try parseNsec(text, source: plainKeyPath)
        }
        guard key.publicKey.hex == account.pubkey else {
            throw AccountError("the stored key does not belong to account \(account.pubkey); the key store was changed behind linkstr's back")
        }
        return key
    }

    /// Forgets the identity: removes `account.json` and the key material. Data stays unless the
    /// caller clears it.
    public func logout() throws(AccountError) {
        let account = try require()
        if account.keyStore == .secretService { try secretService.remove(npub: try npub(of: account)) }
        for path in [ncryptsecPath, plainKeyPath, accountPath] where FileManager.default.fileExists(atPath: path) {
            guard unlink(path) == 0 else { throw AccountError("cannot remove \(path): \(String(cString: strerror(errno)))") }
        }
        try syncDataDirectory()
    }

    /// Makes the folder's entries (a key written or removed) durable before the command reports it.
    private func syncDataDirectory() throws(AccountError) {
        let descriptor = open(dataDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AccountError("cannot open \(dataDirectory) to sync it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AccountError("cannot sync \(dataDirectory): \(String(cString: strerror(errno)))") }
    }

    private func npub(of account: AccountFile) throws(AccountError) -> String {
        guard let key = try? PublicKey(hex: account.pubkey) else { throw AccountError("\(accountPath) holds an invalid public key") }
        return key.npub
    }

    private func parseNsec(_ text: String, source: String) throws(AccountError) -> SecretKey {
        do {
            return try SecretKey(nsec: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw AccountError("\(source) does not hold a valid nsec")
        }
    }

    /// Writes `text` atomically with mode 0600 (the folder is created with 0700).
    private func writePrivateFile(_ path: String, _ text: String) throws(AccountError) {
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
