import LinkstrHost
import NostrCore

/// Who answers a relay's NIP-42 AUTH challenge on one relay client.
public enum RelayAuthSigner: Sendable {
    /// The account's signer, handed to the host's signer service: the plugins that `signer_plugins`
    /// lists sign with it too.
    case account(any Signer)
    /// A key for this client alone, through a signer service the caller keeps as long as the client
    /// (the bunker's own key: relays never see the user's).
    case own(SignerService)
    /// No key: a relay that demands AUTH gets no answer (a remote signer's relays, the locked inbox).
    case nobody

    /// The signer service of no key, for every client that has none (its tables live as long as the process).
    private static let noKey = SignerService(signer: nil)

    func service(on host: LinkstrHost) -> SignerService {
        switch self {
        case .account(let signer):
            host.signerService.setSigner(signer)
            return host.signerService
        case .own(let service): return service
        case .nobody: return Self.noKey
        }
    }
}

/// Why a relay client could not be made.
public enum RelayClientError: Error, CustomStringConvertible {
    /// No transport plugin could be created.
    case noTransport(HostError)
    /// The transport plugin refused the pool or the relay list.
    case refused(transport: String, PluginError)

    public var description: String {
        switch self {
        case .noTransport(let error): error.description
        case .refused(_, let error): error.description
        }
    }
}

extension LinkstrHost {
    /// The one place a relay client is made over the transport plugin: an instance of its own, with
    /// `authenticating` answering AUTH, connected to `relays` (none: the caller sets them later).
    /// The plugins must be loaded.
    func relayClient(relays: [String] = [], authenticating: RelayAuthSigner) throws(RelayClientError) -> RelayClient {
        let transport: RelayTransport
        do {
            transport = try ownedTransport(signer: authenticating.service(on: self))
        } catch {
            throw .noTransport(error)
        }
        do {
            let pool = try RelayClient(transport: transport)
            if !relays.isEmpty { try pool.setRelays(relays.map { RelayConfiguration(url: $0) }) }
            return pool
        } catch {
            throw .refused(transport: transport.pluginID, error)
        }
    }
}

extension LinkstrApp {
    /// A relay client over this home's transport plugin, connected to `relays`, with `signer`
    /// answering AUTH (see ``RelayAuthSigner``).
    public func relayClient(relays: [String], signer: RelayAuthSigner) throws(LinkstrError) -> RelayClient {
        let host = try loadPlugins()
        do throws(RelayClientError) {
            return try host.relayClient(relays: relays, authenticating: signer)
        } catch {
            throw LinkstrError(.failed, "cannot connect to \(relays.joined(separator: ", ")): \(error)")
        }
    }
}
