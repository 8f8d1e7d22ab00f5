import Foundation
import Hummingbird
import LinkstrRuntime
import Logging
import ServiceLifecycle

/// The linkstr app: a web server on 127.0.0.1 whose pages are the sessions experience, over one
/// account of one home. `run` serves until SIGINT or SIGTERM.
public struct WebApp: Sendable {
    let runtime: AppRuntime
    let secrets = WebAppSecrets()
    let address = WebAppAddress()
    let live: LiveChanges
    /// The port asked for; 0 for a free one.
    let port: Int

    /// - Parameters:
    ///   - keyStore: where an account made or imported in the app keeps its key; nil for the home's default.
    ///   - watches: follow the relays (live updates); off for `selftest`, which only attacks the server.
    public init(configuration: RuntimeConfiguration, keyStore: KeyStoreKind?, port: Int = 0, watches: Bool = true) {
        live = LiveChanges()
        runtime = AppRuntime(configuration: configuration, keyStore: keyStore, live: live, watches: watches)
        self.port = port
    }

    /// Where the app is once it listens: the launch URL (with its one-time token) and the port.
    public struct Launch: Sendable {
        public var url: String
        public var port: Int
    }

    /// Opens the home's account (when it has one), serves until SIGINT or SIGTERM (or until the
    /// task is cancelled), then stops the watch and closes the account.
    /// - Parameter listening: told once the server listens.
    public func run(listening: @escaping @Sendable (Launch) -> Void) async throws {
        // The account (when there is one) opens and starts watching before the first page.
        _ = await runtime.hasAccount()
        let application = Application(
            router: router(), configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { [address, secrets] channel in
                guard let port = channel.localAddress?.port else { return }
                address.bound(port)
                listening(Launch(url: "http://127.0.0.1:\(port)/launch?token=\(secrets.launchToken)", port: port))
            },
            logger: Logger(label: "linkstr-app", factory: { _ in SwiftLogNoOpLogHandler() }))
        let stopping = StoppingService { [live, runtime] in
            // Open event streams would hold the server's shutdown: they end first.
            live.finishAll()
            await runtime.close()
        }
        let group = ServiceGroup(
            services: [application, stopping], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: Logger(label: "linkstr-app", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await group.run()
    }
}

/// Waits for the group's graceful shutdown, then runs `stop` (it is shut down before the server,
/// being the later service).
private struct StoppingService: Service {
    let stop: @Sendable () async -> Void

    func run() async throws {
        try? await gracefulShutdown()
        await stop()
    }
}
