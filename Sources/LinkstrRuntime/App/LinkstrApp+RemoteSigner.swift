import Foundation

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

// The `account connect` handshake, for the command line and the C API.
extension LinkstrApp {
    /// A nostrconnect:// offer for `sessionKey`: on the relays `given`, else config.toml's (with
    /// neither it is refused, ending with `howToGive`: how this front end takes a relay); asking for
    /// `permissions` (empty: none named); showing the signer `name`, else "linkstr".
    public func nostrConnectOffer(
        sessionKey: SecretKey, relays given: [String], permissions: String = NostrConnectLink.defaultPermissions, name: String? = nil,
        howToGive: String
    ) throws(LinkstrError) -> NostrConnectLink {
        let relays = given.isEmpty ? try loadPlugins().configuration.relays : given
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
    public func acceptRemoteSigner(
        _ offer: NostrConnectLink, sessionKey: SecretKey, wait: Duration, listening: @Sendable () -> Void
    ) async throws -> RemoteSignerClient {
        let pool = try Self.remoteSignerRelayClient(try loadPlugins())
        return try await offer.accept(
            pool: pool, sessionKey: sessionKey, wait: wait, listening: listening, onAuthURL: configuration.onAuthURL)
    }

    /// Connects to the signer of `link` on a client of its own (sending the link's secret), then
    /// keeps the account whose key it proves to hold (``keepRemoteSigner(_:sessionKey:answerTimeout:name:keyStore:confirmReplacing:)``).
    /// The client is closed before it returns.
    /// - Parameter answerTimeout: how long each answer of the signer may take (nil: the default), kept for the account.
    /// - Throws: ``LinkstrError`` when there is no client, ``RemoteSignerError`` when the signer does not
    ///   connect or answer, ``LinkstrError`` or what `keyStore` and `confirmReplacing` throw.
    public func connectRemoteSigner(
        _ link: BunkerLink, answerTimeout: Int?, name: String?, keyStore: (AccountManager) throws -> KeyStoreKind,
        confirmReplacing: (_ current: RemoteSignerLink, _ signer: PublicKey) throws(LinkstrError) -> Void
    ) async throws -> RemoteSignerConnection {
        let sessionKey = SecretKey.generate()
        let client = try remoteSignerClient(
            link: link, sessionKey: sessionKey, timeout: answerTimeout.map { Duration.seconds($0) } ?? RemoteSignerClient.defaultTimeout)
        defer { client.close() }
        try await client.connect(secret: link.secret)
        return try await keepRemoteSigner(
            client, sessionKey: sessionKey, answerTimeout: answerTimeout, name: name, keyStore: keyStore, confirmReplacing: confirmReplacing)
    }

    /// Asks the signer `client` is connected to for the user's key, has it prove it holds that key,
    /// and keeps the account, new or reconnected (`RemoteSignerAccount.connect(through:…)`), its keys in
    /// the store `keyStore` chooses; `confirmReplacing` is asked when the account has another signer.
    public func keepRemoteSigner(
        _ client: RemoteSignerClient, sessionKey: SecretKey, answerTimeout: Int?, name: String?, keyStore: (AccountManager) throws -> KeyStoreKind,
        confirmReplacing: (_ current: RemoteSignerLink, _ signer: PublicKey) throws(LinkstrError) -> Void
    ) async throws -> RemoteSignerConnection {
        let accounts = try self.accounts()
        let store = try keyStore(accounts)
        let (account, user, reconnected) = try await RemoteSignerAccount.connect(
            through: client, sessionKey: sessionKey, answerTimeout: answerTimeout, name: name, keyStore: store,
            now: Int64(Date().timeIntervalSince1970), in: accounts, confirmReplacing: { current throws(LinkstrError) in try confirmReplacing(current, client.signer) })
        return RemoteSignerConnection(
            account: account, user: user, reconnected: reconnected, keyStore: store, signer: client.signer, relays: client.relays)
    }
}
