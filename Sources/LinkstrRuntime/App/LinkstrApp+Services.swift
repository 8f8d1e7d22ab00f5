import NostrCore
import ServiceLifecycle

extension LinkstrApp {
    /// The account's long-running services under one lifecycle (see ``OpenedAccount/serviceGroup(_:)``): the watch,
    /// the saved-link sync and, when `[signer] serve` is set, the bunker. A bunker that cannot be set
    /// up is left out (watching matters more): `bunkerFailure` says why.
    /// - Parameters:
    ///   - timeout: the watch's longest wait for a relay, and for each page of history.
    ///   - pending: wraps received while the account was locked, opened first.
    ///   - stopsOnSignals: SIGTERM and SIGINT stop the group gracefully.
    public func services(
        timeout: Duration = .seconds(15), pending: [VerifiedEvent] = [], stopsOnSignals: Bool = true
    ) throws(LinkstrError) -> AccountServices {
        let account = try account()
        let watch = WatchService(account: account, timeout: timeout, pending: pending, appCommand: configuration.appCommand)
        var running: [any Service] = [watch, SavedLinksSyncService(account: account)]
        var bunkerFailure: LinkstrError?
        if account.runtime.settings.bunker.serve {
            do throws(LinkstrError) {
                running.append(try BunkerService(account: account))
            } catch {
                bunkerFailure = error
            }
        }
        return AccountServices(group: account.serviceGroup(running, stopsOnSignals: stopsOnSignals), watch: watch, bunkerFailure: bunkerFailure)
    }
}

/// The account's services of ``LinkstrApp/services(timeout:pending:stopsOnSignals:)``.
public struct AccountServices: Sendable {
    public let group: ServiceGroup
    /// The watch in `group`, whose `events` say what it receives.
    public let watch: WatchService
    /// Why the bunker `[signer] serve` asks for is not in `group`.
    public let bunkerFailure: LinkstrError?
}
