import LinkstrHost
import NostrCore

/// The calls some commands still make instead of asking a ``LinkstrApp``; each forwards to one.
public enum Composition {
    public static func accounts(_ host: LinkstrHost, _ configuration: RuntimeConfiguration) -> AccountManager {
        LinkstrApp.accounts(of: host, configuration)
    }

    public static func plugins(_ configuration: RuntimeConfiguration) throws(CompositionError) -> (host: LinkstrHost, registry: PluginRegistry) {
        let app = LinkstrApp(configuration)
        return (try app.host(), try app.plugins())
    }

    public static func remoteSignerClient(
        _ host: LinkstrHost, link: BunkerLink, sessionKey: SecretKey, timeout: Duration = RemoteSignerClient.defaultTimeout,
        onAuthURL: @escaping @Sendable (String) -> Void
    ) throws(CompositionError) -> RemoteSignerClient {
        try LinkstrApp.remoteSignerClient(host, link: link, sessionKey: sessionKey, timeout: timeout, onAuthURL: onAuthURL)
    }

    public static func remoteSignerPool(_ host: LinkstrHost) throws(CompositionError) -> RelayPool {
        try LinkstrApp.remoteSignerRelayClient(host)
    }
}
