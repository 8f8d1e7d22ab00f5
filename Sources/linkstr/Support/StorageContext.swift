import LinkstrHost
import LinkstrRuntime

/// The relay list of this home, for the commands that work on it without an account. Exit 4 when
/// storage cannot be opened, with the way out.
enum StorageContext {
    static func relaySettings(_ global: GlobalOptions) throws(CLIFailure) -> (host: LinkstrHost, settings: RelaySettings) {
        do {
            let app = global.app()
            let settings = try app.relaySettings()
            return (try app.host(), settings)
        } catch {
            throw error.failure
        }
    }
}
