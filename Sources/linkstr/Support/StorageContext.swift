import LinkstrHost
import LinkstrRuntime

/// Opening the host and its storage backend, for commands that need storage but no account (the
/// relay list). Exit 4 when storage cannot be opened, with the way out.
enum StorageContext {
    static func open(_ global: GlobalOptions) throws(CLIFailure) -> (LinkstrHost, StorageBackend) {
        do {
            return try Composition.storage(global.runtimeConfiguration)
        } catch {
            throw error.failure
        }
    }
}
