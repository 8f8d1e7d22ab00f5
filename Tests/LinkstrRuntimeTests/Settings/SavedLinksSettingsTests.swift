import LinkstrRuntime
import Testing

/// The `[saved]` section of config.toml: the webhook, its token and secret, extra fields; wrong
/// values are refused with the setting's name.
@Suite struct SavedLinksSettingsTests {
    let scratch = TestScratch()

    @Test func readsTheWebhookSettings() throws {
        defer { scratch.remove() }
        let path = scratch.write(
            "config.toml", "[saved]\nwebhook = \"https://hooks.example.com/x\"\ntoken = \"t\"\nsecret = \"s\"\nextra_fields = true\n")
        #expect(try RuntimeSettings.load(path: path).settings.savedLinks
            == SavedLinksSettings(webhook: "https://hooks.example.com/x", token: "t", secret: "s", extraFields: true))
        #expect(try RuntimeSettings.load(path: scratch.write("empty.toml", "")).settings.savedLinks == SavedLinksSettings())
    }

    @Test func refusesWrongValues() throws {
        defer { scratch.remove() }
        let notHTTP = scratch.write("a.toml", "[saved]\nwebhook = \"ftp://example.com\"\n")
        #expect(throws: ConfigurationError(
            path: notHTTP, reason: "'saved.webhook' must be an http:// or https:// URL, such as \"https://hooks.example.com/linkstr\"")
        ) { try RuntimeSettings.load(path: notHTTP) }
        let unknown = scratch.write("b.toml", "[saved]\nhook = \"https://example.com\"\n")
        #expect(throws: ConfigurationError(path: unknown, reason: "unknown setting 'saved.hook'; known settings: webhook, token, secret, extra_fields")) {
            try RuntimeSettings.load(path: unknown)
        }
    }
}
