import Foundation
import NostrCore
import ServiceLifecycle
import Synchronization

/// `watch` as every front end runs it: the account's services (``LinkstrApp/services(timeout:pending:stopsOnSignals:)``:
/// the live watch with its notifications, the saved-link sync, the bunker) until SIGTERM or SIGINT;
/// when another profile is made active (`followsActiveProfile`), the new one's; when the unlock agent
/// locks the profile, its wraps received without the key (``LockedInbox``) until `linkstr unlock`,
/// then the account again, those wraps first.
///
/// Thread rule: `run` once.
public struct WatchSupervisor: Sendable {
    /// Where the app of each profile watched comes from, and what is done with one once left.
    public struct Apps: Sendable {
        /// The configuration the locked inbox opens an app of its own with.
        public let configuration: RuntimeConfiguration
        let open: @Sendable () -> LinkstrApp
        let release: @Sendable (LinkstrApp) async -> Void

        public init(configuration: RuntimeConfiguration, open: @escaping @Sendable () -> LinkstrApp, release: @escaping @Sendable (LinkstrApp) async -> Void) {
            self.configuration = configuration
            self.open = open
            self.release = release
        }

        /// A new app for each profile watched, closed once it is left (with it the key of a locked profile).
        public static func fresh(_ configuration: RuntimeConfiguration) -> Apps {
            Apps(configuration: configuration, open: { LinkstrApp(configuration) }, release: { await $0.close() })
        }
    }

    let apps: Apps
    let timeout: Duration
    let followsActiveProfile: Bool
    let connectsFirst: Bool
    let stopsOnSignals: Bool

    /// - Parameters:
    ///   - timeout: the longest to wait for a relay, and for each page of history.
    ///   - followsActiveProfile: watch the profile made active elsewhere (`profile use`) when it changes.
    ///   - connectsFirst: wait for a relay (at most `timeout`) before the catch-up, with a boot step
    ///     that names them (for a status line).
    ///   - stopsOnSignals: SIGTERM and SIGINT stop it gracefully (a program of its own); else only
    ///     cancelling the task that runs it does (a program that embeds linkstr keeps its signals).
    public init(apps: Apps, timeout: Duration = .seconds(15), followsActiveProfile: Bool, connectsFirst: Bool = false, stopsOnSignals: Bool = true) {
        self.apps = apps
        self.timeout = timeout
        self.followsActiveProfile = followsActiveProfile
        self.connectsFirst = connectsFirst
        self.stopsOnSignals = stopsOnSignals
    }

    /// What the front end is told: each event, with the runtime of the account it concerns (nil for
    /// what concerns no open account).
    public typealias Report = @Sendable (WatchEvent, AccountRuntime?) async -> Void
    /// Told when each boot step starts (`loading account`, `connecting relays (…)`), for a status line.
    public typealias Steps = @Sendable (String) -> Void

    /// How often a watch of the active profile looks for a switch (`profile use` in another process).
    static let switchCheckInterval: Duration = .seconds(1)

    /// How long a lock waits for the locked inbox's relays before it drops the key anyway.
    static let listenTimeout: Duration = .seconds(5)

    /// Watches until SIGTERM or SIGINT (see `stopsOnSignals`) or its task is cancelled (both stop it
    /// gracefully). Throws a ``LinkstrError`` when an account cannot be
    /// opened, a ``LinkstrError`` when the watch fails.
    public func run(steps: @escaping Steps = { _ in }, report: @escaping Report) async throws {
        var pending: [VerifiedEvent] = []
        while true {
            let outcome = try await watchProfile(pending: pending, steps: steps, report: report)
            if Task.isCancelled { return }
            switch outcome {
            case .stopped:
                return
            case .switched(let next):
                await report(.notice("the active profile is now '\(next.name)' (\(next.npub)); watching it"), nil)
                pending = []
            case .locked(let profile, let receiving):
                let inbox: Task<[VerifiedEvent], any Error>
                if let receiving {
                    inbox = receiving
                } else {
                    inbox = await receiveWhileLocked(profile, report: report)
                }
                guard let received = try await untilUnlocked(inbox) else { return }
                pending = received
                await report(
                    .notice("profile '\(profile.name)' is unlocked; opening the \(pending.count) wrap\(pending.count == 1 ? "" : "s") received meanwhile"), nil)
            }
        }
    }

    /// Why a watch of one profile ended.
    enum Outcome {
        /// Interrupted (SIGTERM, SIGINT).
        case stopped
        /// Another profile was made active.
        case switched(HomeProfile)
        /// The profile is locked; `receiving` is receiving its wraps already when it was locked
        /// while watched (`linkstr lock` or the auto-lock).
        case locked(HomeProfile, receiving: Task<[VerifiedEvent], any Error>?)
    }

    /// Watches the profile the app acts on until interrupted, another profile is made active (when
    /// it follows the active one), or the unlock agent locks it; then the app is released.
    private func watchProfile(pending: [VerifiedEvent], steps: @escaping Steps, report: @escaping Report) async throws -> Outcome {
        let app = apps.open()
        do {
            let outcome = try await watch(app, pending: pending, steps: steps, report: report)
            await apps.release(app)
            return outcome
        } catch {
            await apps.release(app)
            throw error
        }
    }

    private func watch(_ app: LinkstrApp, pending: [VerifiedEvent], steps: @escaping Steps, report: @escaping Report) async throws -> Outcome {
        let accounts = try app.accounts()
        if let profile = try? accounts.selectedProfile(), accounts.waitsForUnlock(profile) { return .locked(profile, receiving: nil) }
        let runtime = try app.account { steps($0.rawValue) }.runtime
        if connectsFirst {
            steps(runtime.relays.connectingStep)
            try await runtime.connectRelays(forWriting: false, timeout: timeout)
            steps("starting session")
        }
        let services = try app.services(timeout: timeout, pending: pending, stopsOnSignals: stopsOnSignals)
        if let failure = services.bunkerFailure {
            // Watching matters more than the bunker: it goes on without it.
            await report(.notice("[signer] serve is set, but \(failure.description); watching without the bunker"), runtime)
        }
        let group = services.group
        // Cancelling the task that runs the supervisor stops the group gracefully, as a signal does:
        // what the relays delivered is stored and reported, the notifiers get their time. So the
        // group and the reporting run in tasks of their own, which the cancellation does not reach.
        let running = Task { try await group.run() }
        let switched = followsActiveProfile ? Self.followSwitch(accounts, from: runtime.me.hex, stopping: group) : nil
        defer { switched?.cancel() }
        let locked = LockSignal()
        let profile = try? accounts.selectedProfile()
        if let profile, accounts.heldByAgent(profile) {
            // The auto-lock ends interactive use and signing for others (the bunker answers
            // "locked"); this watch, which the person started, keeps the key until `linkstr lock`.
            accounts.whenLocked(onAutoLock: {
                Task {
                    await report(
                        .notice(
                            "the unlock agent locked itself ([profiles] auto_lock_minutes without use): commands, the bunker and the browser helper "
                                + "need `linkstr unlock` again; this watch keeps opening your messages until `linkstr lock`"), nil)
                }
            }) {
                Task {
                    // The relays already send to the locked inbox when the key goes: no wrap falls between.
                    let receiving = await receiveWhileLocked(profile, report: report)
                    locked.raise(receiving)
                    await group.triggerGracefulShutdown()
                }
            }
        }
        let reporting = Task { for await event in services.watch.events { await report(event, runtime) } }
        await withTaskCancellationHandler {
            await reporting.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
        do {
            try await running.value
        } catch let error as LinkstrError {
            throw error
        } catch {
            throw LinkstrError(.failed, "watch stopped unexpectedly (\(error)); start it again")
        }
        switched?.cancel()
        let next = await switched?.value
        if let profile, let receiving = locked.receiving { return .locked(profile, receiving: receiving) }
        return next.map { Outcome.switched($0) } ?? .stopped
    }

    /// Looks at the profile list every `switchCheckInterval`; when a profile other than `pubkey`'s is
    /// active, stops `services` gracefully and returns it. Cancelled, it returns nil.
    private static func followSwitch(_ accounts: AccountManager, from pubkey: String, stopping services: ServiceGroup) -> Task<HomeProfile?, Never> {
        Task {
            while (try? await Task.sleep(for: switchCheckInterval)) != nil {
                guard let active = try? accounts.profileList().active, active.account.pubkey != pubkey else { continue }
                await services.triggerGracefulShutdown()
                return active
            }
            return nil
        }
    }
}

/// Raised once, from any thread, when the unlock agent locked the profile a watch runs for: with
/// the task that receives the profile's wraps from then on.
private final class LockSignal: Sendable {
    private let raised = Mutex<Task<[VerifiedEvent], any Error>?>(nil)

    /// The receiving task, once raised.
    var receiving: Task<[VerifiedEvent], any Error>? { raised.withLock { $0 } }

    func raise(_ receiving: Task<[VerifiedEvent], any Error>) {
        raised.withLock { $0 = receiving }
    }
}
