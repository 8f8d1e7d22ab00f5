import LinkstrHost
import Logging
import ServiceLifecycle

/// The background sync of saved links as a service of the account's ``ServiceGroup``: every
/// `checkInterval`, a webhook sync when one is due (none accepted in 24 hours, or the back-off after a
/// failure or an offline skip is over), and, when the account has saved links, a private sync with
/// the user's other machines through the relays. Ends with the group.
public final class SavedLinksSyncService: Service {
    private let runtime: AccountRuntime
    private let checkInterval: Duration
    private let logger: Logger

    public init(account: OpenedAccount, checkInterval: Duration = .seconds(600)) {
        runtime = account.runtime
        self.checkInterval = checkInterval
        logger = Logger(label: "saved-sync") { [log = account.host.log] label in HostLogHandler(log, label: label) }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [runtime, checkInterval, logger] in
            while !Task.isCancelled {
                do throws(LinkstrError) {
                    if try await SavedLinkWebhook.syncIsDue(in: runtime) {
                        let status = try await SavedLinkWebhook.sync(in: runtime)
                        logger.info("saved links webhook sync: \(status.outcome.rawValue)\(status.error.map { " (\($0))" } ?? "")")
                    }
                    if try await SavedLinks.hasSavedLinks(in: runtime) {
                        let report = try await SavedLinks.syncSavedLinksWithRelays(in: runtime)
                        logger.info("saved links relay sync: \(report.applied) applied, \(report.published) published")
                    }
                } catch {
                    logger.warning("saved links sync: \(error)")
                }
                try? await Task.sleep(for: checkInterval)
            }
        }
    }
}
