import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime
import LinkstrTerminal
import NostrCore
import ServiceLifecycle

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Stay connected and print each accepted change as it happens.",
        discussion: """
            Catches up first (like sync), then follows the relays until interrupted (Ctrl-C or
            SIGTERM). Each change is printed once its data is stored. Live posts and reactions from
            others notify through the notifiers of config.toml (notifiers = [...]); without that
            setting, through desktop notifications when the desktop has a notification server (if
            not, watch says once how to turn notifications on).

            With a key from `linkstr unlock`: the agent's auto-lock does not stop watch (it keeps
            opening your messages, while the bunker and the browser helper answer "locked");
            `linkstr lock` does: watch drops the key, keeps receiving, and a notification says
            "linkstr is locked: N new items wait; run linkstr unlock" (at the first one, then at
            most every 30 minutes); what waits is opened at the next unlock.

            Example:
              linkstr watch --json
              {"type":"post","id":"…","session":"…","sender":"…","url":"https://…","created_at":1732262400,"unread":true}
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The longest to wait for a relay, and for each page of history, in seconds.", valueName: "seconds"))
    var timeout: Int = 15

    /// How often a watch of the active profile looks for a switch (`profile use` in another process).
    static let switchCheckInterval: Duration = .seconds(1)

    func run() async throws {
        var pending: [VerifiedEvent] = []
        while true {
            switch try await watchProfile(pending: pending) {
            case .stopped:
                return
            case .switched(let next):
                Terminal.say("the active profile is now '\(next.name)' (\(next.npub)); watching it")
                pending = []
            case .locked(let profile, let receiving):
                let inbox: Task<[VerifiedEvent], any Error>
                if let receiving {
                    inbox = receiving
                } else {
                    inbox = await Self.receiveWhileLocked(profile, global.runtimeConfiguration, global.accounts(try global.openHost()))
                }
                guard let received = try await Self.untilUnlocked(inbox) else { return }
                pending = received
                Terminal.say("profile '\(profile.name)' is unlocked; opening the \(pending.count) wrap\(pending.count == 1 ? "" : "s") received meanwhile")
            }
        }
    }

    /// Why a watch of one profile ended.
    private enum Outcome {
        /// Interrupted (SIGTERM, SIGINT).
        case stopped
        /// Another profile was made active.
        case switched(HomeProfile)
        /// The profile is locked; `receiving` is receiving its wraps already when it was locked
        /// while watched (`linkstr lock` or the auto-lock).
        case locked(HomeProfile, receiving: Task<[VerifiedEvent], any Error>?)
    }

    /// Watches the profile commands act on until interrupted, another profile is made active
    /// (without --profile), or the unlock agent locks it. `pending`: wraps received while it was locked.
    private func watchProfile(pending: [VerifiedEvent]) async throws -> Outcome {
        let accounts = global.accounts(try global.openHost())
        if let profile = try? accounts.selectedProfile(), accounts.waitsForUnlock(profile) { return .locked(profile, receiving: nil) }
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        try await context.connect(forWriting: false, timeout: .seconds(timeout))
        let watch = WatchService(account: context.opened, timeout: .seconds(timeout), pending: pending)
        var running: [any Service] = [watch, SavedLinksSyncService(account: context.opened)]
        if context.host.configuration.bunker.serve {
            do {
                running.append(try BunkerService(account: context.opened))
            } catch {
                // Watching matters more than the bunker: it goes on without it.
                Terminal.say("[signer] serve is set, but \(error.description); watching without the bunker")
            }
        }
        let services = context.opened.serviceGroup(running)
        async let group: Void = services.run()
        let switched = global.profile == nil ? followSwitch(context.accounts, from: context.runtime.me.hex, stopping: services) : nil
        defer { switched?.cancel() }
        let locked = LockSignal()
        let profile = try? context.accounts.selectedProfile()
        if let profile, context.accounts.heldByAgent(profile) {
            let (configuration, accounts) = (global.runtimeConfiguration, context.accounts)
            // The auto-lock ends interactive use and signing for others (the bunker answers
            // "locked"); this watch, which the person started, keeps the key until `linkstr lock`.
            accounts.whenLocked(onAutoLock: {
                Terminal.say(
                    "the unlock agent locked itself ([profiles] auto_lock_minutes without use): commands, the bunker and the browser helper "
                        + "need `linkstr unlock` again; this watch keeps opening your messages until `linkstr lock`")
            }) {
                Task {
                    // The relays already send to the locked inbox when the key goes: no wrap falls between.
                    locked.raise(await Self.receiveWhileLocked(profile, configuration, accounts))
                    await services.triggerGracefulShutdown()
                }
            }
        }
        let style = HumanOutput.current.style
        for await event in watch.events {
            switch event {
            case .notice(let notice):
                Terminal.say(notice)
            case .caughtUp:
                // The boot is over; on a terminal, say that it keeps listening.
                let status = StatusLine.shared
                status.finishSteps()
                if status.enabled { Terminal.writeError(HumanOutput.errorStyle.paint("watching for new posts and reactions · Ctrl-C to stop", Palette.comment) + "\n") }
            case .change(let change):
                if global.json {
                    Terminal.printJSON(JSONRecords.change(change))
                } else {
                    let names = await context.runtime.names(for: change)
                    Terminal.write(ChangeLine.describe(change, names: names, style: style) + "\n")
                }
            }
        }
        do {
            try await group
        } catch let error as RuntimeError {
            throw error.failure
        } catch {
            throw CLIFailure(.failed, "watch stopped unexpectedly (\(error)); start it again")
        }
        switched?.cancel()
        let next = await switched?.value
        await context.close()
        if let profile, let receiving = locked.receiving { return .locked(profile, receiving: receiving) }
        return next.map { .switched($0) } ?? .stopped
    }

    /// Starts receiving the wraps of `profile` while it is locked (a ``LockedInbox`` on a host of
    /// its own), and returns once a relay listens, it failed, or `listenTimeout` passed (the key is
    /// dropped then, relays or not): its task ends with the new wraps at `linkstr unlock`.
    private static func receiveWhileLocked(
        _ profile: HomeProfile, _ configuration: RuntimeConfiguration, _ accounts: AccountManager
    ) async -> Task<[VerifiedEvent], any Error> {
        let (listening, listened) = AsyncStream.makeStream(of: Void.self)
        let receiving = Task {
            defer { listened.finish() }
            let host: LinkstrHost
            let relays: RelaySettings
            do throws(CompositionError) {
                (host, relays) = try Composition.relaySettings(configuration)
            } catch {
                throw error.failure
            }
            defer { host.stop() }
            let dispatcher = NotificationDispatcher.start(host: host)
            defer { dispatcher.stop() }
            let notice = LockedNotice(dispatcher: dispatcher)
            do throws(RuntimeError) {
                let inbox = LockedInbox(host: host, relays: relays, profile: profile, accounts: accounts)
                return try await inbox.collect(
                    listening: {
                        Terminal.say("profile '\(profile.name)' is locked; watch keeps receiving and opens what arrives once you run `linkstr unlock`")
                        listened.finish()
                    }, received: { notice.received($0) },
                    full: {
                        Terminal.say(
                            "profile '\(profile.name)' is locked and watch holds as many wraps as it keeps (\(inbox.limit.wraps), or "
                                + "\(inbox.limit.bytes) bytes: [profiles] locked_inbox_wraps and locked_inbox_bytes); what arrives now stays "
                                + "on the relays and comes with the catch-up after `linkstr unlock`")
                    })
            } catch {
                throw error.failure
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: listenTimeout)
            listened.finish()
        }
        for await _ in listening {}
        deadline.cancel()
        return receiving
    }

    /// What `inbox` receives until `linkstr unlock`; nil when SIGTERM or SIGINT comes first (then
    /// watch ends: there is nothing to save while locked).
    private static func untilUnlocked(_ inbox: Task<[VerifiedEvent], any Error>) async throws -> [VerifiedEvent]? {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<[VerifiedEvent], any Error>?.self)
        let waiting = Task { outcome.yield(await inbox.result) }
        // The service group that ran before ignores these signals but for its handler, now gone;
        // a source of its own takes them (libdispatch's handler stays installed, so no signal() here).
        let sources = [SIGTERM, SIGINT].map { number in
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

    /// How long a lock waits for the locked inbox's relays before it drops the key anyway.
    static let listenTimeout: Duration = .seconds(5)

    /// Looks at the profile list every `switchCheckInterval`; when a profile other than `pubkey`'s is
    /// active, stops `services` gracefully and returns it. Cancelled, it returns nil.
    private func followSwitch(_ accounts: AccountManager, from pubkey: String, stopping services: ServiceGroup) -> Task<HomeProfile?, Never> {
        Task {
            while (try? await Task.sleep(for: Self.switchCheckInterval)) != nil {
                guard let active = try? accounts.profileList().active, active.account.pubkey != pubkey else { continue }
                await services.triggerGracefulShutdown()
                return active
            }
            return nil
        }
    }
}
