import Foundation
import Hummingbird
import LinkstrRuntime
import Logging
import ServiceLifecycle
import Synchronization

/// The linkstr app: a web server on 127.0.0.1 whose pages are the sessions experience, over one
/// account of one home. `run` serves until SIGINT or SIGTERM.
public struct WebApp: Sendable {
    let runtime: AppRuntime
    let secrets = WebAppSecrets()
    let address = WebAppAddress()
    let live: LiveChanges
    /// The pages this app has, known once it starts (a clicked link goes to its screen when there is one).
    let screens = AppScreens()
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

        public init(url: String, port: Int) {
            self.url = url
            self.port = port
        }

        /// The launch URL that, once used, shows what `link` (a clicked `linkstr://`, `bunker://` or
        /// `nostrconnect://` link) asks for instead of the sessions.
        public func url(opening link: String) -> String {
            url + "&next=" + WebApp.openPath(for: link).addingPercentEncodingForPath()
        }
    }

    /// Opens the home's account (when it has one), serves until SIGINT or SIGTERM (or until the
    /// task is cancelled), then stops the watch and closes the account.
    /// - Parameters:
    ///   - urlFile: where to write the ``HostedApp`` URL file once it listens (removed when it stops):
    ///     the background service's app, which `linkstr app` opens windows on.
    ///   - stopsOnSignals: SIGTERM and SIGINT stop it (else only cancelling its task does).
    ///   - listening: told once the server listens.
    public func run(urlFile: String? = nil, stopsOnSignals: Bool = true, listening: @escaping @Sendable (Launch) -> Void) async throws {
        // The account (when there is one) opens and starts watching before the first page.
        _ = await runtime.hasAccount()
        await runtime.startBrowserHelperDesk()
        let router = router()
        screens.found(router.routes.map { "\($0.method) \($0.path)" })
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { [address, secrets] channel in
                guard let port = channel.localAddress?.port else { return }
                address.bound(port)
                if let urlFile {
                    do throws(HostedApp.Failure) {
                        try HostedApp.write(HostedApp.Address(port: port, key: secrets.launchKey, pid: getpid()), to: urlFile)
                    } catch {
                        FileHandle.standardError.write(Data("linkstr: the app serves at 127.0.0.1:\(port), but \(error); `linkstr app` starts its own\n".utf8))
                    }
                }
                listening(Launch(url: "http://127.0.0.1:\(port)/launch?token=\(secrets.launchToken)", port: port))
            },
            logger: Logger(label: "linkstr-app", factory: { _ in SwiftLogNoOpLogHandler() }))
        let stopping = StoppingService { [live, runtime] in
            if let urlFile { HostedApp.remove(urlFile, pid: getpid()) }
            // Open event streams would hold the server's shutdown: they end first.
            live.finishAll()
            await runtime.close()
        }
        let group = ServiceGroup(
            services: [application, stopping], gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [],
            logger: Logger(label: "linkstr-app", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await group.run()
    }
}

extension WebApp {
    /// Shows a change stored by a watch outside the app (the background service's) in the open pages.
    public func publish(_ change: EngineChange) {
        live.publish(LiveChange(StoredChange(change)))
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

/// The routes of the running app (`GET /signer/connect`, …), for links to screens that may or may not be there.
final class AppScreens: Sendable {
    private let routes = Mutex<Set<String>>([])

    func found(_ routes: [String]) { self.routes.withLock { $0 = Set(routes) } }

    /// Whether the app answers `method path`.
    func has(_ path: String, method: String = "GET") -> Bool { routes.withLock { $0.contains("\(method) \(path)") } }
}
