import Foundation
import LinkstrHost
import NostrCore
import ServiceLifecycle

/// `watch` as a service of the account's ``ServiceGroup``: a sync, then the live subscription until
/// the group stops. Each accepted change is published on `events` once its data is stored; live
/// posts and reactions from others go to the configured notifiers through a
/// ``NotificationDispatcher`` that lives as long as `run`, and on `events`.
///
/// Notifications go to the dispatcher's queues (``NotificationDispatcher/post(_:)``): a slow or
/// silent notifier never holds back what is received and stored.
///
/// Stopping — a graceful shutdown of the group (SIGTERM, SIGINT) or cancelling it — closes the live
/// subscription, then ingests and stores what the relays had already delivered (and publishes and
/// notifies it), gives the notifiers `notificationDrainTimeout` to send what is queued, stops the
/// dispatcher and finishes `events`. Stopped during the catch-up, it stores
/// what it ingested and the next sync reads again from where the last complete one began.
///
/// One watch runs per home and profile (``WatcherLock``): a second one fails at once, naming the
/// first.
///
/// Thread rule: `run` once; `events` has one consumer.
public final class WatchService: Service {
    public let events: AsyncStream<WatchEvent>
    private let continuation: AsyncStream<WatchEvent>.Continuation
    private let runtime: AccountRuntime
    private let host: LinkstrHost
    private let timeout: Duration
    private let pending: [VerifiedEvent]
    private let appCommand: [String]?

    /// - Parameters:
    ///   - timeout: the longest to wait for a relay, and for each page of history.
    ///   - pending: wraps received while the account was locked, opened first (and notified).
    ///   - appCommand: opens a notification's post in the app (``RuntimeConfiguration/appCommand``).
    public init(account: OpenedAccount, timeout: Duration = .seconds(15), pending: [VerifiedEvent] = [], appCommand: [String]? = nil) {
        (events, continuation) = AsyncStream.makeStream()
        runtime = account.runtime
        host = account.host
        self.timeout = timeout
        self.pending = pending
        self.appCommand = appCommand
    }

    /// How long a stopping watch waits for the notifiers to send what is queued.
    static let notificationDrainTimeout: Duration = .seconds(2)

    public func run() async throws {
        let lock: WatcherLock
        do {
            lock = try WatcherLock(stateDirectory: host.paths.stateDirectory, account: runtime.me, now: Int64(Date().timeIntervalSince1970))
        } catch {
            continuation.finish()
            throw error
        }
        defer { withExtendedLifetime(lock) {} }
        let dispatcher = NotificationDispatcher.start(host: host, appCommand: appCommand)
        defer {
            dispatcher.stop()
            continuation.finish()
        }
        if let notice = dispatcher.notice { continuation.yield(.notice(notice)) }
        do {
            try await cancelWhenGracefulShutdown { [runtime, continuation, timeout, pending] in
                try await InboxWatch.watch(timeout: timeout, pending: pending, caughtUp: { continuation.yield(.caughtUp) }, observer: { report, _ in
                    for change in report.changes { continuation.yield(.change(change)) }
                    for request in report.notifications {
                        guard let notification = await runtime.notification(for: request) else { continue }
                        if !dispatcher.isEmpty { dispatcher.post(notification) }
                        continuation.yield(.notification(notification))
                    }
                }, in: runtime)
            }
        } catch {
            await dispatcher.drain(within: Self.notificationDrainTimeout)
            throw error
        }
        await dispatcher.drain(within: Self.notificationDrainTimeout)
    }
}
