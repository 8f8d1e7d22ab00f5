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

    static func open(_ global: GlobalOptions) throws(CLIFailure) -> AccountContext {
        let (host, backend) = try StorageContext.open(global)
        let accounts = global.accounts(host)
        let secretKey: SecretKey
        do {
            _ = try accounts.require()
            secretKey = try accounts.secretKey()
        } catch {
            throw error.failure
        }
        do {
            return AccountContext(host: host, backend: backend, accounts: accounts, runtime: try LinkstrRuntime(host: host, backend: backend, secretKey: secretKey))
        } catch {
            throw error.failure
        }
    }

    /// A person named by `npub1…`, 64-hex or a contact alias.
    func person(_ text: String) async throws(CLIFailure) -> PublicKey {
        do throws(RuntimeError) {
            return try await runtime.resolvePerson(text)
        } catch {
            throw error.failure
        }
    }

    func session(_ text: String) async throws(CLIFailure) -> SessionID {
        do throws(RuntimeError) {
            return try await runtime.resolveSession(text)
        } catch {
            throw error.failure
        }
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
