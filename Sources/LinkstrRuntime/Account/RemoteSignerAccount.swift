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
    public static func connect(
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
}
