import LinkstrHost
import ServiceLifecycle

/// linkstr as a bunker (``Bunker``) as a service of the account's ``ServiceGroup``, for
/// `[signer] serve = true`: it answers the clients approved before (and new ones the `[signer] allow`
/// rule admits with the configured secret) until the group stops. A graceful shutdown (SIGTERM,
/// SIGINT) lets the request being answered finish, then leaves the relays.
public final class BunkerService: Service {
    public let bunker: Bunker

    /// The bunker of `[signer]` in the account's configuration.
    public convenience init(account: OpenedAccount) throws(LinkstrError) {
        self.init(bunker: try Bunker(account: account))
    }

    public init(bunker: Bunker) {
        self.bunker = bunker
    }

    public func run() async throws {
        try await cancelWhenGracefulShutdown { [bunker] in try await bunker.run() }
    }
}
