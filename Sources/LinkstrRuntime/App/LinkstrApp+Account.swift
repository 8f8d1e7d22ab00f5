import LinkstrHost
import NostrCore

extension LinkstrApp {
    /// Opens the account: the key is read first (as the app boots), but a storage failure still
    /// wins; a key in a remote signer gets a client of its own (``remoteSignerClient(link:sessionKey:timeout:)``).
    static func openAccount(
        _ parts: inout Parts, _ configuration: RuntimeConfiguration, step: (Step) -> Void
    ) throws(LinkstrError) -> OpenedAccount {
        let host = try parts.host(configuration)
        step(.loadingAccount)
        let accounts = try parts.accounts(configuration)
        let keys = Result { () throws(LinkstrError) in try accounts.unlock() }
        if case .success = keys { step(.preparingLocalData) }
        let backend = try parts.backend(configuration)
        let unlocked = try keys.get()
        let signer: any Signer
        let dataSecret: SecretKey
        switch unlocked {
        case .local(let secretKey):
            signer = LocalSigner(secretKey: secretKey)
            dataSecret = secretKey
        case let .remote(user, link, sessionKey, secret, timeout):
            let client = try remoteSignerClient(host, link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: configuration.onAuthURL)
            signer = RemoteSigner(publicKey: user, client: client)
            dataSecret = secret
        }
        let settings = try parts.settings(configuration)
        let runtime: AccountRuntime
        do {
            runtime = try AccountRuntime(host: host, settings: settings, backend: backend, signer: signer, dataSecret: dataSecret)
        } catch {
            throw LinkstrError(.failed, error.description)
        }
        return OpenedAccount(host: host, backend: backend, accounts: accounts, runtime: runtime)
    }

    /// A NIP-46 client for the signer of `link`, over a relay client of its own (the signer's relays
    /// are not the account's). The caller closes it.
    public func remoteSignerClient(
        link: BunkerLink, sessionKey: SecretKey, timeout: Duration = RemoteSignerClient.defaultTimeout
    ) throws(LinkstrError) -> RemoteSignerClient {
        try Self.remoteSignerClient(try loadPlugins(), link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: configuration.onAuthURL)
    }

    static func remoteSignerClient(
        _ host: LinkstrHost, link: BunkerLink, sessionKey: SecretKey, timeout: Duration, onAuthURL: @escaping @Sendable (String) -> Void
    ) throws(LinkstrError) -> RemoteSignerClient {
        let pool = try remoteSignerRelayClient(host)
        do throws(RemoteSignerError) {
            return try RemoteSignerClient(pool: pool, link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: onAuthURL)
        } catch {
            throw LinkstrError(.failed, error.description)
        }
    }

    /// A relay client for talking to a remote signer; no key answers a relay's AUTH on it.
    static func remoteSignerRelayClient(_ host: LinkstrHost) throws(LinkstrError) -> RelayClient {
        do {
            return try host.relayClient(authenticating: .nobody)
        } catch {
            throw LinkstrError(.failed, "no transport for the remote signer: \(error)")
        }
    }
}
