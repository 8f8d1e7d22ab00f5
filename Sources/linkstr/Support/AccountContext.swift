import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// Everything a command that works on the account needs: the host with its plugins, the opened
/// storage and the runtime. Opening it gives the exit statuses of cli.md: 4 when storage cannot be
/// opened, 3 when there is no account.
struct AccountContext {
    let host: LinkstrHost
    let backend: StorageBackend
    let accounts: AccountManager
    let runtime: LinkstrRuntime

    /// - Parameter connects: the command goes on to talk to relays, so its boot steps are shown on
    ///   a terminal (`loading account…`, `preparing local data…`; then `connect`).
    static func open(_ global: GlobalOptions, connects: Bool = false) throws(CLIFailure) -> AccountContext {
        let status: StatusLine? = connects ? StatusLine.shared : nil
        let host = try global.openHost()
        status?.step("loading account")
        let accounts = global.accounts(host)
        // The key is read first (as the app's boot), but a storage failure still wins (exit 4).
        let key = Result { () throws(AccountError) in try accounts.secretKey() }
        if case .success = key { status?.step("preparing local data") }
        let backend = try StorageContext.openStorage(host, global)
        let secretKey: SecretKey
        do {
            secretKey = try key.get()
        } catch {
            throw error.failure
        }
        do {
            return AccountContext(host: host, backend: backend, accounts: accounts, runtime: try LinkstrRuntime(host: host, backend: backend, secretKey: secretKey))
        } catch {
            throw error.failure
        }
    }

    /// The boot steps `connecting relays…` (until a relay is connected — for `forWriting`, one that
    /// accepts writes — at most `timeout`) and `starting session…` (the work that follows), shown on a
    /// terminal only. Elsewhere it returns at once: the operation waits for its relays the same way.
    func connect(forWriting: Bool, timeout: Duration = LinkstrRuntime.sendGate) async throws(CLIFailure) {
        let status = StatusLine.shared
        guard status.enabled else { return }
        status.step("connecting relays")
        try await run { runtime throws(RuntimeError) in try await runtime.connectRelays(forWriting: forWriting, timeout: timeout) }
        status.step("starting session")
    }

    /// A person named by `npub1…`, 64-hex, a contact alias, or a link or text with one npub.
    func person(_ text: String) async throws(CLIFailure) -> PublicKey {
        try await run { runtime throws(RuntimeError) in try await runtime.resolvePerson(text) }
    }

    func session(_ text: String) async throws(CLIFailure) -> SessionID {
        try await run { runtime throws(RuntimeError) in try await runtime.resolveSession(text) }
    }

    /// Runs `body` against the runtime, mapping its error to an exit status.
    func run<Value: Sendable>(_ body: (LinkstrRuntime) async throws(RuntimeError) -> Value) async throws(CLIFailure) -> Value {
        do throws(RuntimeError) {
            return try await body(runtime)
        } catch {
            throw error.failure
        }
    }

    /// Stops the relay pool and the plugins.
    func close() async {
        await runtime.disconnect()
        host.stop()
    }
}
