import Foundation
import LinkstrRuntime
import Synchronization

/// The object behind a `linkstr_runtime *` handed to C: one home's configuration, its account
/// files, the ``LinkstrApp`` whose parts the calls opened so far (the account, or without one the
/// storage for the relay list and the host with its plugins for the media calls), and what runs in
/// the background: a watch, a bunker.
final class EmbeddedRuntime: Sendable {
    let configuration: RuntimeConfiguration
    /// The home's account files (read without plugins or storage), used under `state`'s lock.
    private let accounts: AccountManager
    private let state: Mutex<State>

    private struct State: Sendable {
        /// Replaced by a new one when the account is let go (the next call opens it again).
        var app: LinkstrApp
        var watch: CallbackTask?
        var signer: CallbackTask?

        /// Lets the account go: a new app takes this one's place; the one returned (nil when it had
        /// no account open) is the caller's to close.
        mutating func leaveAccount(_ configuration: RuntimeConfiguration) -> LinkstrApp? {
            guard app.openedAccount != nil else { return nil }
            defer { app = LinkstrApp(configuration) }
            return app
        }

        /// Refuses to let the account go while a watch or the bunker uses it; `watching` is the
        /// sentence for a watch.
        func requireAccountUnused(watching: String) throws(EmbeddedFailure) {
            guard watch == nil else { throw EmbeddedFailure(.busy, watching) }
            guard signer == nil else {
                throw EmbeddedFailure(.busy, "this runtime serves as a bunker with the account's key; stop it first (linkstr_signer_stop)")
            }
        }
    }

    /// Reads the home's configuration (a configuration that cannot be used is refused here).
    init(_ configuration: RuntimeConfiguration) throws(EmbeddedFailure) {
        self.configuration = configuration
        let app = LinkstrApp(configuration)
        do {
            accounts = try app.accounts()
            _ = try app.host()
        } catch {
            throw EmbeddedFailure(error)
        }
        state = Mutex(State(app: app))
    }

    static func from(_ pointer: OpaquePointer?) throws(EmbeddedFailure) -> EmbeddedRuntime {
        guard let pointer else { throw EmbeddedFailure.null("runtime") }
        guard let runtime = LiveHandles.object(pointer, as: .runtime, EmbeddedRuntime.self) else {
            throw EmbeddedFailure(.invalid, "runtime is not a live linkstr_runtime (freed already?)")
        }
        return runtime
    }

    /// Reads or writes the home's account files, one call at a time.
    func accountFiles<Value: Sendable>(_ body: (AccountManager) throws(LinkstrError) -> Value) throws(EmbeddedFailure) -> Value {
        try state.withLock { _ throws(EmbeddedFailure) in
            do throws(LinkstrError) {
                return try body(accounts)
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// Unlocks the home's keys (``LinkstrApp/unlock(passphrase:agentProgram:)``), one account-file call at a time.
    func unlock(passphrase: String, agentProgram: String?) throws(EmbeddedFailure) -> (profiles: [HomeProfile], until: Date?) {
        try state.withLock { state throws(EmbeddedFailure) in
            do throws(LinkstrError) {
                return try state.app.unlock(passphrase: passphrase, agentProgram: agentProgram)
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// The account, opened by the first call that needs it.
    func account() throws(EmbeddedFailure) -> OpenedAccount {
        try state.withLock { state throws(EmbeddedFailure) in
            do throws(LinkstrError) {
                return try state.app.account()
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// Closes the account opened by earlier calls (the next call opens it again, with its signer as
    /// it is then); refused while a watch or the bunker runs.
    func closeAccount() throws(EmbeddedFailure) {
        let left = try state.withLock { state throws(EmbeddedFailure) in
            try state.requireAccountUnused(
                watching: "this runtime is watching with the account's signer; stop the watch first (linkstr_watch_stop)")
            return state.leaveAccount(configuration)
        }
        if let left { BlockingCall.wait { await left.close() } }
    }

    /// Makes the profile `name` the home's active one. An account of another profile opened by this
    /// runtime is closed, so that the next call opens the new one; refused while a watch or the bunker runs.
    func useProfile(_ name: String) throws(EmbeddedFailure) -> HomeProfile {
        let (profile, left) = try state.withLock { state throws(EmbeddedFailure) -> (HomeProfile, LinkstrApp?) in
            try state.requireAccountUnused(watching: "this runtime is watching its profile; stop the watch (linkstr_watch_stop) to switch")
            let profile: HomeProfile
            do throws(LinkstrError) {
                profile = try accounts.useProfile(name)
            } catch {
                throw EmbeddedFailure(error)
            }
            guard let opened = state.app.openedAccount, opened.runtime.me.hex != profile.account.pubkey else { return (profile, nil) }
            return (profile, state.leaveAccount(configuration))
        }
        if let left { BlockingCall.wait { await left.close() } }
        return profile
    }

    /// Runs `body` on the account's runtime and waits for it.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (AccountRuntime) async throws(LinkstrError) -> Value
    ) throws(EmbeddedFailure) -> Value {
        let runtime = try account().runtime
        return try wait { () async throws(LinkstrError) in try await body(runtime) }
    }

    /// Runs `body` on the media use cases, the account's when it is open, else those of the app
    /// (its host with its plugins, opened by the first media call), and waits for it.
    func media<Value: Sendable>(
        _ body: @escaping @Sendable (MediaRuntime) async throws(LinkstrError) -> Value
    ) throws(EmbeddedFailure) -> Value {
        let media = try state.withLock { state throws(EmbeddedFailure) in
            do throws(LinkstrError) {
                if let opened = state.app.openedAccount { return opened.runtime.media }
                return try state.app.media()
            } catch {
                throw EmbeddedFailure(error)
            }
        }
        return try wait { () async throws(LinkstrError) in try await body(media) }
    }

    /// Runs `body` and waits for it.
    private func wait<Value: Sendable>(_ body: @escaping @Sendable () async throws(LinkstrError) -> Value) throws(EmbeddedFailure) -> Value {
        let result = BlockingCall.wait { () async -> Result<Value, LinkstrError> in
            do throws(LinkstrError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw EmbeddedFailure(error)
        }
    }

    /// Reads or changes the relay list: the account's, or that of the home's storage when the account
    /// is not open (a home without an account has a relay list too).
    func relays<Value: Sendable>(_ body: (RelaySettings) throws(LinkstrError) -> Value) throws(EmbeddedFailure) -> Value {
        try state.withLock { state throws(EmbeddedFailure) in
            do throws(LinkstrError) {
                let settings: RelaySettings
                if let opened = state.app.openedAccount {
                    settings = opened.runtime.relays
                } else {
                    settings = try state.app.relaySettings()
                }
                return try body(settings)
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// After a relay-list change: the next connection uses the new list. A running watch keeps its
    /// relays until it stops.
    func relaysChanged() {
        let idle = state.withLock { state in state.watch == nil ? state.app.openedAccount : nil }
        guard let idle else { return }
        BlockingCall.wait { await idle.runtime.disconnect() }
    }

    /// Starts the one watch a runtime may run at a time (the runtime's sync state is not shared): the
    /// runtime's ``WatchSupervisor`` on this runtime's account, each change, notification and the
    /// catch-up reported as its JSON record.
    func startWatch(_ callback: JSONCallback, timeout: Duration) throws(EmbeddedFailure) -> CallbackTask {
        _ = try account()
        return try state.withLock { state throws(EmbeddedFailure) in
            guard state.watch == nil else {
                throw EmbeddedFailure(.busy, "this runtime is already watching; stop that watch first (linkstr_watch_stop)")
            }
            let watch = CallbackTask(label: "org.linkstr.watch", callback: callback, ended: { [weak self] watch in self?.watchEnded(watch) })
            // The account stays this runtime's: the watch leaves it connected to no relay, so that
            // the next call connects to the relay list as it is then.
            let apps = WatchSupervisor.Apps(
                configuration: configuration, open: { self.state.withLock { $0.app } },
                release: { app in await app.openedAccount?.runtime.disconnect() })
            let supervisor = WatchSupervisor(apps: apps, timeout: timeout, followsActiveProfile: false, stopsOnSignals: false)
            watch.start {
                do {
                    try await supervisor.run { event, _ in
                        switch event {
                        case .caughtUp: watch.deliver(JSONRecords.Typed("caught_up"))
                        case .change(let change): watch.deliver(JSONRecords.change(change))
                        case .notification(let notification): watch.deliver(JSONRecords.NotificationEvent(notification))
                        case .notice: break
                        }
                    }
                } catch let error as LinkstrError {
                    watch.deliverEnd(error)
                } catch {
                    watch.deliverEnd(LinkstrError(.failed, "\(error)"))
                }
            }
            state.watch = watch
            return watch
        }
    }

    /// Starts the one bunker a runtime may serve at a time, for the account's key (see ``Bunker``:
    /// `relays` and `allow` nil are those of `[signer]`). With no rule, a new client is refused:
    /// there is no one to ask.
    func startSigner(_ callback: JSONCallback, relays: [String]?, allow: [BunkerPermission]?) throws(EmbeddedFailure) -> CallbackTask {
        let opened = try account()
        return try state.withLock { state throws(EmbeddedFailure) in
            guard state.signer == nil else {
                throw EmbeddedFailure(.busy, "this runtime serves as a bunker already; stop that one first (linkstr_signer_stop)")
            }
            let signer = CallbackTask(label: "org.linkstr.signer", callback: callback, ended: { [weak self] signer in self?.signerEnded(signer) })
            let bunker: Bunker
            do throws(LinkstrError) {
                bunker = try Bunker(account: opened, relays: relays, allow: allow, report: { signer.deliver(JSONRecords.bunkerActivity($0)) })
            } catch {
                throw EmbeddedFailure(error)
            }
            signer.start {
                do throws(LinkstrError) {
                    try await bunker.run()
                } catch {
                    signer.deliverEnd(error)
                }
            }
            state.signer = signer
            return signer
        }
    }

    /// Refuses a sync while a watch runs: the watch already syncs, and both would count into one report.
    func requireNoWatch() throws(EmbeddedFailure) {
        let watching = state.withLock { $0.watch != nil }
        if watching { throw EmbeddedFailure(.busy, "this runtime is watching, which keeps it in sync; stop the watch to sync") }
    }

    private func watchEnded(_ watch: CallbackTask) {
        state.withLock { state in
            if state.watch === watch { state.watch = nil }
        }
    }

    private func signerEnded(_ signer: CallbackTask) {
        state.withLock { state in
            if state.signer === signer { state.signer = nil }
        }
    }

    /// Stops the watch and the bunker, then closes the account: nothing of this runtime holds the
    /// key any more (the next call opens the account again).
    func dropAccount() {
        state.withLock { $0.watch }?.stop()
        state.withLock { $0.signer }?.stop()
        let left = state.withLock { $0.leaveAccount(configuration) }
        if let left { BlockingCall.wait { await left.close() } }
    }

    /// Stops the watch and the bunker, disconnects the relays and stops every plugin.
    func close() {
        state.withLock { $0.watch }?.stop()
        state.withLock { $0.signer }?.stop()
        let app = state.withLock { $0.app }
        BlockingCall.wait { await app.close() }
    }
}
