import LinkstrHost
import LinkstrRuntime

/// Runs one change of the relay list and prints `{"ok":true}` (or `done` for people).
enum RelayChange {
    static func run(_ global: GlobalOptions, done: String, _ change: (RelaySettings) throws(RelaySettingsError) -> Void) throws(CLIFailure) {
        let (host, settings) = try StorageContext.relaySettings(global)
        defer { host.stop() }
        do {
            try change(settings)
        } catch {
            throw CLIFailure(error.badInput ? .usage : .failed, error.description)
        }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write(done + "\n") }
    }
}
