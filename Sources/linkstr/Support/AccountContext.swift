import Foundation
import LinkstrRuntime

/// Everything a command that works on the account needs: the host with its plugins, the opened
/// storage and the runtime. Opening it gives the documented exit statuses: 4 when storage cannot be
/// opened, 3 when there is no account.
struct AccountContext {
    let app: LinkstrApp
    let opened: OpenedAccount

    var host: LinkstrHost { opened.host }
    var accounts: AccountManager { opened.accounts }
    var runtime: AccountRuntime { opened.runtime }

    /// Runs `body` with the account open, then closes the app (see `GlobalOptions.withApp`).
    /// - Parameter connects: the command goes on to talk to relays, so its boot steps are shown on
    ///   a terminal (`loading account…`, `preparing local data…`; then `connect`).
    static func with<Value>(_ global: GlobalOptions, connects: Bool = false, _ body: (AccountContext) async throws -> Value) async throws -> Value {
        let status: StatusLine? = connects ? StatusLine.shared : nil
        return try await global.withApp { app in
            let opened: OpenedAccount
            do throws(LinkstrError) {
                opened = try app.account { step in status?.step(step.rawValue) }
            } catch {
                throw error.failure
            }
            return try await body(AccountContext(app: app, opened: opened))
        }
    }

    /// The boot steps `connecting relays (wss://a, wss://b)…` (until a relay is connected — for `forWriting`, one that
    /// accepts writes — at most `timeout`) and `starting session…` (the work that follows), shown on a
    /// terminal only. Elsewhere it returns at once: the operation waits for its relays the same way.
    func connect(forWriting: Bool, timeout: Duration = Outbox.sendGate) async throws(CLIFailure) {
        try await run { _ throws(LinkstrError) in try await connecting(forWriting: forWriting, timeout: timeout) }
    }

    /// ``connect(forWriting:timeout:)`` inside a runtime call.
    func connecting(forWriting: Bool, timeout: Duration = Outbox.sendGate) async throws(LinkstrError) {
        let status = StatusLine.shared
        guard status.enabled else { return }
        status.step(runtime.relays.connectingStep)
        try await runtime.connectRelays(forWriting: forWriting, timeout: timeout)
        status.step("starting session")
    }

    /// A person named by `npub1…`, 64-hex, a contact alias, or a link or text with one npub.
    func person(_ text: String) async throws(CLIFailure) -> PublicKey {
        try await run { runtime throws(LinkstrError) in try await Contacts.resolvePerson(text, in: runtime) }
    }

    func session(_ text: String) async throws(CLIFailure) -> SessionID {
        try await run { runtime throws(LinkstrError) in try await Sessions.resolveSession(text, in: runtime) }
    }

    /// Runs `body` against the runtime, mapping its error to an exit status.
    func run<Value: Sendable>(_ body: (AccountRuntime) async throws(LinkstrError) -> Value) async throws(CLIFailure) -> Value {
        do throws(LinkstrError) {
            return try await body(runtime)
        } catch {
            throw error.failure
        }
    }}
