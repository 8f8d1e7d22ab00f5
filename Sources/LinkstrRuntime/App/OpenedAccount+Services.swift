import Logging
import ServiceLifecycle

extension OpenedAccount {
    /// The account's long-running services under one lifecycle: `run()` starts them in this order and
    /// runs them until SIGTERM or SIGINT (or until the group is cancelled), then shuts them down
    /// gracefully, the last one first, each finishing its work in progress. The group logs to the
    /// host's log.
    /// - Parameter stopsOnSignals: SIGTERM and SIGINT stop it gracefully (false in a program that
    ///   embeds linkstr: its signals are its own).
    public func serviceGroup(_ services: [any Service], stopsOnSignals: Bool = true) -> ServiceGroup {
        let logger = Logger(label: "services") { label in HostLogHandler(host.log, label: label) }
        return ServiceGroup(services: services, gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger)
    }
}
