import LinkstrPluginKit
import NIOSSL
import Synchronization
import WSClient

/// One instance of the relay pool (`org.linkstr.transport/1`): the relays with their tasks, the
/// open subscriptions (re-sent on every connection), and the publishes in flight.
///
/// Thread rule: thread-safe; every vtable function may be called from any thread. Lock order: this
/// pool's lock, then a relay's, then an operation's. No host call is made while a lock is held.
final class TransportInstance: Sendable {
    let bridge: HostBridge
    let settings: TransportSettings
    let webSocketConfiguration: WebSocketClientConfiguration
    let tlsConfiguration: TLSConfiguration
    let state = Mutex(State())

    struct State {
        /// Relays in the order the host listed them.
        var relays: [RelayConnection] = []
        var subscriptions = SubscriptionSet()
        var publishes: [UInt64: PublishOperation] = [:]
        var nextOperationID: UInt64 = 1
        var isShutDown = false

        func relay(_ url: String) -> RelayConnection? {
            relays.first { $0.url == url }
        }
    }

    init(host: PluginHost) throws(PluginError) {
        bridge = HostBridge(host: host)
        settings = try TransportSettings(host: host)
        var configuration = WebSocketClientConfiguration(
            maxFrameSize: settings.frameLimit, closeTimeout: .seconds(1),
            autoPing: settings.pingInterval.map { .enabled(timePeriod: $0) } ?? .disabled)
        configuration.ignoreUncleanSSLShutdownErrors = true
        webSocketConfiguration = configuration
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile {
            tls.additionalTrustRoots = [.file(caFile)]
        }
        tlsConfiguration = tls
    }

    /// Installs the host's sink; the first call of the ABI.
    func setSink(_ sink: TransportSink) {
        bridge.install(sink)
    }

    /// Ends everything: relays stop, pending publishes complete with `LKH_E_CANCELLED` (their done
    /// callbacks run before this returns), answers still to come after a done are not reported, and
    /// afterwards nothing calls the host.
    func shutDown() {
        let (relays, operations) = state.withLock { state in
            state.isShutDown = true
            defer {
                state.relays.removeAll()
                state.publishes.removeAll()
            }
            return (state.relays, Array(state.publishes.values))
        }
        for relay in relays {
            _ = relay.stop(status: .disabled, reason: "the transport was shut down")
        }
        for operation in operations.sorted(by: { $0.id < $1.id }) {
            if let completion = operation.cancel(reason: "the transport was shut down before the relays answered").completion {
                bridge.complete(operation.callback, status: completion.status, message: completion.message, result: completion.result)
            }
        }
        bridge.close()
    }

    // MARK: Connections (called by relays)

    /// A relay's WebSocket opened: it becomes connected and receives every open subscription and the
    /// publishes waiting for it, in one step, so that a subscription made meanwhile is sent once.
    func openSession(on relay: RelayConnection, outbox: AsyncStream<String>.Continuation) {
        let reported = state.withLock { state -> Bool in
            let frames = state.subscriptions.requestFrames
            return relay.state.withLock { relayState -> Bool in
                guard !relayState.stopped else {
                    outbox.finish()
                    return false
                }
                relayState.outbox = outbox
                relayState.connection += 1
                relayState.status = .connected
                relayState.error = nil
                relayState.authentication = RelayAuthentication()
                relayState.awaitingOK = []
                if relayState.isReadable {
                    frames.forEach { outbox.yield($0) }
                }
                for operation in relayState.publishes.values.sorted(by: { $0.id < $1.id })
                where operation.target(on: relay.url) == .waiting {
                    relayState.sendEvent(of: operation, on: relay.url)
                }
                return true
            }
        }
        if reported {
            bridge.relayStatus(relay: relay.url, status: .connected, error: nil)
        }
    }

    /// A relay's connection ended: publishes it had not answered are dropped there.
    func closeSession(on relay: RelayConnection, reason: String) {
        let operations = relay.state.withLock { state -> [PublishOperation] in
            state.outbox?.finish()
            state.outbox = nil
            state.awaitingOK = []
            state.authentication = RelayAuthentication()
            return Array(state.publishes.values)
        }
        for operation in operations.sorted(by: { $0.id < $1.id }) {
            advance(operation, operation.connectionDropped(relay.url, reason: reason))
        }
    }

    /// Whether `subscriptionID` is open and `relay` reads: events and EOSE for it go to the host.
    func isSubscribed(_ subscriptionID: String, on relay: RelayConnection) -> Bool {
        state.withLock { $0.subscriptions.contains(subscriptionID) } && relay.flags & RelayEndpoint.read != 0
    }

    /// The REQ frame of every open subscription, by id.
    func requestFrames() -> [String: String] {
        state.withLock { $0.subscriptions.framesByID }
    }
}
