import LinkstrHost
import LinkstrRuntime

/// The relay list of this home, for the commands that work on it without an account. Exit 4 when
/// storage cannot be opened, with the way out.
enum StorageContext {
    static func relaySettings(_ global: GlobalOptions) throws(CLIFailure) -> (host: LinkstrHost, settings: RelaySettings) {
        do {
            return try Composition.relaySettings(global.runtimeConfiguration)
        } catch {
            throw error.failure
        }
    }
}
