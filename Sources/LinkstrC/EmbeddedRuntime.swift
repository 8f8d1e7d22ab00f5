import LinkstrHost
import LinkstrRuntime
import Synchronization

/// The object behind a `linkstr_runtime *` handed to C: one home's configuration, its account
/// files, and what the calls opened so far — the account (host, plugins, storage, runtime), or, for
/// the relay list of a home without an account, its storage alone, and for the media calls without
/// an account, the host with its plugins — and what runs in the background: a watch, a bunker.
final class EmbeddedRuntime: Sendable {
    let configuration: RuntimeConfiguration
    /// The home's account files (read without plugins or storage), used under `state`'s lock.
    private let accounts: AccountManager
    /// `[profiles] auto_lock_minutes` of the home's configuration, for `linkstr_unlock`.
    let autoLockMinutes: Int
    private let state = Mutex(State())

    private struct State: Sendable {
        var opened: OpenedAccount?
        var storage: (host: LinkstrHost, settings: RelaySettings)?
        var media: MediaRuntime?
        var watch: CallbackTask?
        var signer: CallbackTask?

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
        do {
            let host = try Composition.host(configuration)
            accounts = Composition.accounts(host, configuration)
            autoLockMinutes = host.configuration.profiles.autoLockMinutes
        } catch {
            throw EmbeddedFailure(error)
        }
    }

    static func from(_ pointer: OpaquePointer?) throws(EmbeddedFailure) -> EmbeddedRuntime {
        guard let pointer else { throw EmbeddedFailure.null("runtime") }
        guard let runtime = LiveHandles.object(pointer, as: .runtime, EmbeddedRuntime.self) else {
            throw EmbeddedFailure(.invalid, "runtime is not a live linkstr_runtime (freed already?)")
        }
        return runtime
    }

    /// Reads or writes the home's account files, one call at a time.
    func accountFiles<Value: Sendable>(_ body: (AccountManager) throws(AccountError) -> Value) throws(EmbeddedFailure) -> Value {
        try state.withLock { _ throws(EmbeddedFailure) in
            do throws(AccountError) {
                return try body(accounts)
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// The account, opened by the first call that needs it.
    func account() throws(EmbeddedFailure) -> OpenedAccount {
        try state.withLock { state throws(EmbeddedFailure) in
            if let opened = state.opened { return opened }
            // The account's storage takes over from the storage opened for the relay list. (A media
            // host stays until `close`: a media call may still be using it.)
            state.storage?.host.stop()
            state.storage = nil
            do throws(CompositionError) {
                let opened = try Composition.account(configuration)
                state.opened = opened
                return opened
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// Closes the account opened by earlier calls (the next call opens it again, with its signer as
    /// it is then); refused while a watch or the bunker runs.
    func closeAccount() throws(EmbeddedFailure) {
        let opened = try state.withLock { state throws(EmbeddedFailure) in
            try state.requireAccountUnused(
                watching: "this runtime is watching with the account's signer; stop the watch first (linkstr_watch_stop)")
            defer { state.opened = nil }
            return state.opened
        }
        if let opened { BlockingCall.wait { await opened.close() } }
    }

    /// Makes the profile `name` the home's active one. An account of another profile opened by this
    /// runtime is closed, so that the next call opens the new one; refused while a watch or the bunker runs.
    func useProfile(_ name: String) throws(EmbeddedFailure) -> HomeProfile {
        let (profile, replaced) = try state.withLock { state throws(EmbeddedFailure) -> (HomeProfile, OpenedAccount?) in
            try state.requireAccountUnused(watching: "this runtime is watching its profile; stop the watch (linkstr_watch_stop) to switch")
            let profile: HomeProfile
            do throws(AccountError) {
                profile = try accounts.useProfile(name)
            } catch {
                throw EmbeddedFailure(error)
            }
            guard let opened = state.opened, opened.runtime.me.hex != profile.account.pubkey else { return (profile, nil) }
            state.opened = nil
            return (profile, opened)
        }
        if let replaced { BlockingCall.wait { await replaced.close() } }
        return profile
    }

    /// Runs `body` on the account's runtime and waits for it.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (AccountRuntime) async throws(RuntimeError) -> Value
    ) throws(EmbeddedFailure) -> Value {
        let runtime = try account().runtime
        return try wait { () async throws(RuntimeError) in try await body(runtime) }
    }

    /// Runs `body` on the media use cases, the account's when it is open, else those of the home's
    /// host (opened by the first media call), and waits for it.
    func media<Value: Sendable>(
        _ body: @escaping @Sendable (MediaRuntime) async throws(RuntimeError) -> Value
    ) throws(EmbeddedFailure) -> Value {
        let media = try state.withLock { state throws(EmbeddedFailure) in
            if let opened = state.opened { return opened.runtime.media }
            if let media = state.media { return media }
            do throws(CompositionError) {
                let media = try Composition.media(configuration)
                state.media = media
                return media
            } catch {
                throw EmbeddedFailure(error)
            }
        }
        return try wait { () async throws(RuntimeError) in try await body(media) }
    }

    /// Runs `body` and waits for it.
    private func wait<Value: Sendable>(_ body: @escaping @Sendable () async throws(RuntimeError) -> Value) throws(EmbeddedFailure) -> Value {
        let result = BlockingCall.wait { () async -> Result<Value, RuntimeError> in
            do throws(RuntimeError) {
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
    func relays<Value: Sendable>(_ body: (RelaySettings) throws(RelaySettingsError) -> Value) throws(EmbeddedFailure) -> Value {
        try state.withLock { state throws(EmbeddedFailure) in
            let settings: RelaySettings
            if let opened = state.opened {
                settings = opened.runtime.relays
            } else {
                if state.storage == nil {
                    do throws(CompositionError) {
                        state.storage = try Composition.relaySettings(configuration)
                    } catch {
                        throw EmbeddedFailure(error)
                    }
                }
                settings = state.storage!.settings
            }
            do throws(RelaySettingsError) {
                return try body(settings)
            } catch {
                throw EmbeddedFailure(error)
            }
        }
    }

    /// After a relay-list change: the next connection uses the new list. A running watch keeps its
    /// relays until it stops.
    func relaysChanged() {
        let idle = state.withLock { state in state.watch == nil ? state.opened : nil }
        guard let idle else { return }
        BlockingCall.wait { await idle.runtime.disconnect() }
    }

    /// Starts the one watch a runtime may run at a time (the runtime's sync state is not shared).
    func startWatch(_ callback: JSONCallback, timeout: Duration) throws(EmbeddedFailure) -> CallbackTask {
        let runtime = try account().runtime
        return try state.withLock { state throws(EmbeddedFailure) in
            guard state.watch == nil else {
                throw EmbeddedFailure(.busy, "this runtime is already watching; stop that watch first (linkstr_watch_stop)")
            }
            let watch = CallbackTask(label: "org.linkstr.watch", callback: callback, ended: { [weak self] watch in self?.watchEnded(watch) })
            watch.start { await Self.watch(runtime, timeout: timeout, reporting: watch) }
            state.watch = watch
            return watch
        }
    }

    /// The account runtime's watch, each change and notification reported as its JSON record.
    private static func watch(_ runtime: AccountRuntime, timeout: Duration, reporting watch: CallbackTask) async {
        do throws(RuntimeError) {
            try await runtime.watch(timeout: timeout, caughtUp: { watch.deliver(["type": "caught_up"]) }) { report, _ in
                for change in report.changes { watch.deliver(JSONRecords.change(change)) }
                for request in report.notifications {
                    if let notification = await runtime.notification(for: request) { watch.deliver(JSONRecords.notification(notification)) }
                }
            }
        } catch {
            watch.deliverEnd(error)
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
            do throws(RuntimeError) {
                bunker = try Bunker(account: opened, relays: relays, allow: allow, report: { signer.deliver(JSONRecords.bunkerActivity($0)) })
            } catch {
                throw EmbeddedFailure(error)
            }
            signer.start {
                do throws(RuntimeError) {
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

    /// Disconnects the relays the watch used, so that the next call connects to the relay list as it
    /// is now.
    private func watchEnded(_ watch: CallbackTask) {
        let opened = state.withLock { state in
            if state.watch === watch { state.watch = nil }
            return state.opened
        }
        if let opened { BlockingCall.wait { await opened.runtime.disconnect() } }
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
        let opened = state.withLock { state in
            defer { state.opened = nil }
            return state.opened
        }
        if let opened { BlockingCall.wait { await opened.close() } }
    }

    /// Stops the watch and the bunker, disconnects the relays and stops every plugin.
    func close() {
        dropAccount()
        let (storage, media) = state.withLock { state in
            defer {
                state.storage = nil
                state.media = nil
            }
            return (state.storage, state.media)
        }
        storage?.host.stop()
        media?.host.stop()
    }
}
