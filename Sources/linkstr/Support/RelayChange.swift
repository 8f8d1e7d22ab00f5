import LinkstrRuntime

/// Runs one change of the relay list and prints `{"ok":true}` (or `done` for people).
enum RelayChange {
    static func run(_ global: GlobalOptions, done: String, _ change: (RelaySettings) throws(LinkstrError) -> Void) async throws {
        try await StorageContext.withRelaySettings(global) { host, settings in
            do throws(LinkstrError) {
                try change(settings)
            } catch {
                throw error.failure
            }
            if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write(done + "\n") }
        }
    }
}
