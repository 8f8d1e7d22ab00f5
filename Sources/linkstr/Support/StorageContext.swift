import LinkstrRuntime

/// The relay list of this home, for the commands that work on it without an account. Exit 4 when
/// storage cannot be opened, with the way out.
enum StorageContext {
    /// Runs `body` with the host and the relay list, then closes the app (see `GlobalOptions.withApp`).
    static func withRelaySettings<Value>(
        _ global: GlobalOptions, _ body: (LinkstrHost, RelaySettings) async throws -> Value
    ) async throws -> Value {
        try await global.withApp { app in
            let (host, settings): (LinkstrHost, RelaySettings)
            do throws(LinkstrError) {
                settings = try app.relaySettings()
                host = try app.host()
            } catch {
                throw error.failure
            }
            return try await body(host, settings)
        }
    }
}
