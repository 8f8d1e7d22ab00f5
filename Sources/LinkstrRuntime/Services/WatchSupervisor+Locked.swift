import Dispatch
import Foundation
import NostrCore

/// While the watched profile is locked.
extension WatchSupervisor {
    /// Starts receiving the wraps of `profile` while it is locked (a ``LockedInbox`` on an app of its
    /// own), and returns once a relay listens, it failed, or `listenTimeout` passed (the key is
    /// dropped then, relays or not): its task ends with the new wraps at `linkstr unlock`.
    func receiveWhileLocked(_ profile: HomeProfile, report: @escaping Report) async -> Task<[VerifiedEvent], any Error> {
        let (listening, listened) = AsyncStream.makeStream(of: Void.self)
        let configuration = apps.configuration
        let receiving = Task {
            defer { listened.finish() }
            let app = LinkstrApp(configuration)
            do {
                let received = try await Self.collectLocked(profile, app, report: report, listened: { listened.finish() })
                await app.close()
                return received
            } catch {
                await app.close()
                throw error
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: Self.listenTimeout)
            listened.finish()
        }
        for await _ in listening {}
        deadline.cancel()
        return receiving
    }

    private static func collectLocked(
        _ profile: HomeProfile, _ app: LinkstrApp, report: @escaping Report, listened: @escaping @Sendable () -> Void
    ) async throws -> [VerifiedEvent] {
        let relays = try app.relaySettings()
        let host = try app.host()
        let inbox = LockedInbox(host: host, relays: relays, settings: try app.settings(), profile: profile, accounts: try app.accounts())
        let dispatcher = NotificationDispatcher.start(host: host)
        defer { dispatcher.stop() }
        let notice = LockedNotice(dispatcher: dispatcher)
        return try await inbox.collect(
            listening: {
                await report(.notice("profile '\(profile.name)' is locked; watch keeps receiving and opens what arrives once you run `linkstr unlock`"), nil)
                listened()
            }, received: { notice.received($0) },
            full: {
                await report(
                    .notice(
                        "profile '\(profile.name)' is locked and watch holds as many wraps as it keeps (\(inbox.limit.wraps), or "
                            + "\(inbox.limit.bytes) bytes: [profiles] locked_inbox_wraps and locked_inbox_bytes); what arrives now stays "
                            + "on the relays and comes with the catch-up after `linkstr unlock`"), nil)
            })
    }

    /// What `inbox` receives until `linkstr unlock`; nil when SIGTERM or SIGINT (see
    /// `stopsOnSignals`) comes first or the task is cancelled (then the watch ends: there is nothing
    /// to save while locked).
    func untilUnlocked(_ inbox: Task<[VerifiedEvent], any Error>) async throws -> [VerifiedEvent]? {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<[VerifiedEvent], any Error>?.self)
        let waiting = Task { outcome.yield(await inbox.result) }
        // The service group that ran before ignores these signals but for its handler, now gone;
        // a source of its own takes them (libdispatch's handler stays installed, so no signal() here).
        let sources = (stopsOnSignals ? [SIGTERM, SIGINT] : []).map { number in
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { outcome.yield(nil) }
            source.resume()
            return source
        }
        defer {
            sources.forEach { $0.cancel() }
            waiting.cancel()
        }
        for await first in outcomes {
            return try first?.get()
        }
        return nil
    }
}
