import Foundation
import NostrCore

/// Accounts whose key is in a remote signer (NIP-46), kept among a home's profiles: the profile
/// names the signer, the key store keeps the client's session key and the random secret the local
/// data key is derived from. Its use cases take the home's ``AccountManager``, as the account's
/// feature types take the account.
public enum RemoteSignerAccount {
    /// Makes `user` the account of this home (a new active profile), its key in the signer of
    /// `link`, or — when the profile commands act on is that account with a remote signer —
    /// reconnects it (its data stays).
    /// - Returns: the account and whether it existed.
    /// - Throws: when this home has another active account, or this one with its key here.
    private static func connect(
        user: PublicKey, link: BunkerLink, sessionKey: SecretKey, answerTimeout: Int? = nil, name: String?, keyStore: KeyStoreKind, now: Int64,
        in accounts: AccountManager
    ) throws(LinkstrError) -> (account: AccountFile, reconnected: Bool) {
        let remote = RemoteSignerLink(signer: link.signer.hex, relays: link.relays, connected: true, answerTimeout: answerTimeout)
        if let existing = try accounts.selectedProfile() {
            guard existing.account.pubkey == user.hex else {
                throw LinkstrError(.failed,
                    "this home already has another account (\(existing.npub)); run `linkstr account logout` first, or use another --home")
            }
            guard existing.account.remoteSigner != nil else {
                throw LinkstrError(.failed, "this home already has the key of \(user.npub) itself; it needs no remote signer")
            }
            try accounts.keys.storeKeys([(.remoteSession, sessionKey)], keyStore: existing.account.keyStore, of: existing.id, npub: user.npub, newPassphrase: false)
            let updated = try accounts.editProfile(existing) { profile in
                profile.account.remoteSigner = remote
                if let name {
                    profile.name = name
                    profile.account.name = name
                }
            }
            return (updated.account, true)
        }
        let id = ProfileID()
        let account = AccountFile(pubkey: user.hex, keyStore: keyStore, name: nil, createdAt: now, remoteSigner: remote)
        if let name { try ProfileList.checkName(name) }
        try accounts.keys.storeKeys([(.remoteSession, sessionKey), (.dataKey, SecretKey.generate())], keyStore: keyStore, of: id, npub: user.npub, newPassphrase: true)
        return (try accounts.insertProfile(id: id, account: account, name: name, activate: true).account, false)
    }

    /// Asks the signer `client` is connected to for the user's key, has it prove that it holds that
    /// key (it signs a fresh challenge), then keeps the account
    /// (``connect(user:link:sessionKey:answerTimeout:name:keyStore:now:in:)``) with the client's
    /// session key. Nothing is stored before the proof.
    /// - Parameter confirmReplacing: called with the account's signer when the account exists with
    ///   another signer, which the new one would replace; throws to keep the old one.
    /// - Throws: ``RemoteSignerError`` when the signer does not answer, ``LinkstrError`` when it
    ///   cannot prove the key, the replacement is refused, or the account cannot be kept.
    private static func connect(
        through client: RemoteSignerClient, sessionKey: SecretKey, answerTimeout: Int?, name: String?, keyStore: KeyStoreKind, now: Int64,
        in accounts: AccountManager, confirmReplacing: (RemoteSignerLink) throws(LinkstrError) -> Void
    ) async throws -> (account: AccountFile, user: PublicKey, reconnected: Bool) {
        let user = try await client.publicKey()
        do throws(RemoteSignerError) {
            try await client.prove(user, now: now)
        } catch .unexpectedAnswer, .refused {
            throw LinkstrError(.failed,
                "the signer \(client.signer.npub) says it holds the key of \(user.npub) but did not sign a challenge with it; "
                    + "it is not that key's signer (or refuses to prove it), so nothing was stored")
        }
        if let profile = try accounts.selectedProfile(), profile.account.pubkey == user.hex, let current = profile.account.remoteSigner,
            current.signer != client.signer.hex
        {
            try confirmReplacing(current)
        }
        let link = BunkerLink(signer: client.signer, relays: client.relays, secret: nil)
        let (account, reconnected) = try connect(
            user: user, link: link, sessionKey: sessionKey, answerTimeout: answerTimeout, name: name, keyStore: keyStore, now: now, in: accounts)
        return (account, user, reconnected)
    }

    /// Forgets the session key of the account's remote signer; the account and its data stay until
    /// it is connected again.
    public static func disconnect(in accounts: AccountManager) throws(LinkstrError) -> AccountFile {
        let profile = try accounts.requireProfile()
        guard profile.account.remoteSigner != nil else {
            throw LinkstrError(.failed, "this account's key is on this machine, not in a remote signer; there is nothing to disconnect")
        }
        try accounts.keys.removeKeys([.remoteSession], of: profile)
        return try accounts.editProfile(profile) { $0.account.remoteSigner?.connected = false }.account
    }

    // MARK: The `account connect` handshake, for every front end

    /// A nostrconnect:// offer for `sessionKey`: on the relays `given`, else config.toml's (with
    /// neither it is refused, ending with `howToGive`: how this front end takes a relay); asking for
    /// `permissions` (empty: none named); showing the signer `name`, else "linkstr".
    public static func offer(
        sessionKey: SecretKey, relays given: [String], permissions: String = NostrConnectLink.defaultPermissions, name: String? = nil,
        howToGive: String, in app: LinkstrApp
    ) throws(LinkstrError) -> NostrConnectLink {
        let relays = given.isEmpty ? try app.loadPlugins().configuration.relays : given
        guard !relays.isEmpty else { throw LinkstrError(.badInput, "a nostrconnect:// link needs a relay where the signer answers; \(howToGive)") }
        do throws(BunkerLinkError) {
            return try NostrConnectLink(sessionKey: sessionKey, relays: relays, permissions: permissions.isEmpty ? nil : permissions, name: name ?? "linkstr")
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
    }

    /// Waits at most `wait` for a signer to answer the nostrconnect:// `offer` (made for
    /// `sessionKey`), on a relay client of its own; `listening` is told once the offer's relays are
    /// asked for the answer. The caller closes the client it returns.
    /// - Throws: ``LinkstrError`` when there is no relay client, ``RemoteSignerError`` when no signer answers.
    public static func accept(
        _ offer: NostrConnectLink, sessionKey: SecretKey, wait: Duration, listening: @Sendable () -> Void, in app: LinkstrApp
    ) async throws -> RemoteSignerClient {
        let pool = try LinkstrApp.remoteSignerRelayClient(try app.loadPlugins())
        return try await offer.accept(
            pool: pool, sessionKey: sessionKey, wait: wait, listening: listening, onAuthURL: app.configuration.onAuthURL)
    }

    /// Connects to the signer of `link` on a client of its own (sending the link's secret), then
    /// keeps the account whose key it proves to hold (``keep(_:sessionKey:answerTimeout:name:keyStore:in:confirmReplacing:)``).
    /// The client is closed before it returns.
    /// - Parameter answerTimeout: how long each answer of the signer may take (nil: the default), kept for the account.
    /// - Throws: ``LinkstrError`` when there is no client, ``RemoteSignerError`` when the signer does not
    ///   connect or answer, ``LinkstrError`` or what `keyStore` and `confirmReplacing` throw.
    public static func connect(
        _ link: BunkerLink, answerTimeout: Int?, name: String?, keyStore: (AccountManager) throws -> KeyStoreKind, in app: LinkstrApp,
        confirmReplacing: (_ current: RemoteSignerLink, _ signer: PublicKey) throws(LinkstrError) -> Void
    ) async throws -> RemoteSignerConnection {
        let sessionKey = SecretKey.generate()
        let client = try app.remoteSignerClient(
            link: link, sessionKey: sessionKey, timeout: answerTimeout.map { Duration.seconds($0) } ?? RemoteSignerClient.defaultTimeout)
        defer { client.close() }
        try await client.connect(secret: link.secret)
        return try await keep(
            client, sessionKey: sessionKey, answerTimeout: answerTimeout, name: name, keyStore: keyStore, in: app, confirmReplacing: confirmReplacing)
    }

    /// Asks the signer `client` is connected to for the user's key, has it prove it holds that key,
    /// and keeps the account, new or reconnected (``connect(through:sessionKey:answerTimeout:name:keyStore:now:in:confirmReplacing:)``), its keys in
    /// the store `keyStore` chooses; `confirmReplacing` is asked when the account has another signer.
    public static func keep(
        _ client: RemoteSignerClient, sessionKey: SecretKey, answerTimeout: Int?, name: String?, keyStore: (AccountManager) throws -> KeyStoreKind,
        in app: LinkstrApp, confirmReplacing: (_ current: RemoteSignerLink, _ signer: PublicKey) throws(LinkstrError) -> Void
    ) async throws -> RemoteSignerConnection {
        let accounts = try app.accounts()
        let store = try keyStore(accounts)
        let (account, user, reconnected) = try await connect(
            through: client, sessionKey: sessionKey, answerTimeout: answerTimeout, name: name, keyStore: store,
            now: Int64(Date().timeIntervalSince1970), in: accounts, confirmReplacing: { current throws(LinkstrError) in try confirmReplacing(current, client.signer) })
        return RemoteSignerConnection(
            account: account, user: user, reconnected: reconnected, keyStore: store, signer: client.signer, relays: client.relays)
    }
}

/// What connecting a remote signer kept: the account, its key, whether it existed, the key store
/// its keys went to, and the signer with its relays.
public struct RemoteSignerConnection: Sendable {
    public let account: AccountFile
    public let user: PublicKey
    public let reconnected: Bool
    public let keyStore: KeyStoreKind
    public let signer: PublicKey
    public let relays: [String]
}
