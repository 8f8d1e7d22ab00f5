import Foundation
import NostrCore

/// The identities of one linkstr home: its profiles (`<data>/profiles.json`, public metadata) and
/// each profile's secrets in the chosen key store (`<data>/profiles/<id>/key.ncryptsec` or
/// `key.nsec`, mode 0600, or the Secret Service). It acts on the profile named by `--profile`, else
/// on the active one. The secret key is never logged or printed unless `--reveal-secret` asks for it.
///
/// Thread rule: not thread-safe; commands use it from one thread.
public struct AccountManager: Sendable {
    public let dataDirectory: String
    public let environment: [String: String]
    /// The profile `--profile` names; nil for the active one.
    public let profileName: String?

    public init(dataDirectory: String, environment: [String: String], profile: String? = nil) {
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.profileName = profile
    }

    /// The profiles' keys.
    var keys: ProfileKeyStore { ProfileKeyStore(dataDirectory: dataDirectory, environment: environment, agent: agent) }
    /// `<data>/profiles.json`.
    var profiles: ProfileListFile { ProfileListFile(dataDirectory: dataDirectory, keys: keys) }
    /// This home's unlock agent.
    var agent: UnlockAgentClient { UnlockAgentClient(address: agentAddress) }

    /// The key store used when none is asked for: the one the home's profiles use (the active one's,
    /// else the first's); for a home without profiles, the Secret Service when one answers, else ncryptsec.
    public func defaultKeyStore() -> KeyStoreKind {
        // A second profile goes where the others are: a home of plain keys (a bot's, a test's) has
        // no passphrase to give, and one of ncryptsec keys already has its passphrase.
        if let list = try? profileList(), let used = (list.active ?? list.profiles.first)?.account.keyStore { return used }
        return keys.secretService.isAvailable ? .secretService : .ncryptsec
    }

    /// The account of the profile commands act on, or nil.
    public func current() throws(LinkstrError) -> AccountFile? {
        try selectedProfile()?.account
    }

    /// The account commands act on, or the "no account" error (exit 3).
    public func require() throws(LinkstrError) -> AccountFile {
        try requireProfile().account
    }

    /// Stores `secretKey` as the account of this home: a new profile, made active (and counted as
    /// backed up when `restoredFromBackup`).
    /// - Throws: when the home already has an active account (log out first) or the key store fails.
    @discardableResult
    public func save(
        _ secretKey: SecretKey, name: String?, keyStore: KeyStoreKind, now: Int64, restoredFromBackup: Bool = false
    ) throws(LinkstrError) -> AccountFile {
        if let existing = try profileList().active {
            throw LinkstrError(.failed, "this home already has an account (\(existing.npub)); run `linkstr account logout` first (after backing up its key)")
        }
        let added = try addProfile(secretKey, name: name, keyStore: keyStore, now: now, activate: true)
        // Restored from its backup: there is one.
        if restoredFromBackup { try markBackedUp(added) }
        return added.account
    }

    /// The account's secret key, from its key store (may ask for the passphrase).
    public func secretKey() throws(LinkstrError) -> SecretKey {
        try secretKey(of: try requireProfile())
    }

    func secretKey(of profile: HomeProfile) throws(LinkstrError) -> SecretKey {
        guard profile.account.remoteSigner == nil else {
            throw LinkstrError(.failed, "the key of this account is in a remote signer and never on this machine; use the signer to see or back it up")
        }
        let key = try keys.loadKeys([.accountKey], of: profile)[0]
        guard key.publicKey.hex == profile.account.pubkey else {
            throw LinkstrError(.failed, "the stored key does not belong to account \(profile.account.pubkey); the key store was changed behind linkstr's back")
        }
        return key
    }

    /// The account's secrets (may ask for the passphrase).
    public func unlock() throws(LinkstrError) -> UnlockedAccount {
        let profile = try requireProfile()
        guard let remote = profile.account.remoteSigner else { return .local(try secretKey(of: profile)) }
        guard remote.connected else {
            throw LinkstrError(.failed, "this account is disconnected from its remote signer; connect it again with `linkstr account connect bunker://…`")
        }
        guard let user = try? PublicKey(hex: profile.account.pubkey), let signer = try? PublicKey(hex: remote.signer) else {
            throw LinkstrError(.failed, "\(profiles.path) holds an invalid public key for profile '\(profile.name)'")
        }
        let stored = try keys.loadKeys([.remoteSession, .dataKey], of: profile)
        return .remote(user: user, link: BunkerLink(signer: signer, relays: remote.relays, secret: nil), sessionKey: stored[0], dataSecret: stored[1], timeout: remote.requestTimeout)
    }

    /// Forgets the identity: removes its profile and its key material. Data stays unless the
    /// caller clears it.
    public func logout() throws(LinkstrError) {
        try removeProfile(try requireProfile())
    }
}

/// An account's secrets, read from its key store: what the runtime needs to sign and to open the
/// account's local data.
public enum UnlockedAccount: Sendable {
    /// The secret key is here.
    case local(SecretKey)
    /// The key is in a remote signer: the user's key, where the signer is, the client's session
    /// key, the key the local data key is derived from, and each request's time limit.
    case remote(user: PublicKey, link: BunkerLink, sessionKey: SecretKey, dataSecret: SecretKey, timeout: Duration)
}
