import LinkstrHost
import Testing

/// The `[saved]` section of config.toml: the webhook, its token and secret, extra fields; wrong
/// values are refused with the setting's name.
@Suite struct SavedLinksSettingsTests {
    let scratch = TestScratch()

    @Test func readsTheWebhookSettings() throws {
        defer { scratch.remove() }
        let path = scratch.write(
            "config.toml", "[saved]\nwebhook = \"https://hooks.example.com/x\"\ntoken = \"t\"\nsecret = \"s\"\nextra_fields = true\n")
        #expect(try Configuration.load(path: path).savedLinks
            == SavedLinksSettings(webhook: "https://hooks.example.com/x", token: "t", secret: "s", extraFields: true))
        #expect(try Configuration.load(path: scratch.write("empty.toml", "")).savedLinks == SavedLinksSettings())
    }

    @Test func refusesWrongValues() throws {
        defer { scratch.remove() }
        let notHTTP = scratch.write("a.toml", "[saved]\nwebhook = \"ftp://example.com\"\n")
        #expect(throws: ConfigurationError(
            path: notHTTP, reason: "'saved.webhook' must be an http:// or https:// URL, such as \"https://hooks.example.com/linkstr\"")
        ) { try Configuration.load(path: notHTTP) }
        let unknown = scratch.write("b.toml", "[saved]\nhook = \"https://example.com\"\n")
        #expect(throws: ConfigurationError(path: unknown, reason: "unknown setting 'saved.hook'; known settings: webhook, token, secret, extra_fields")) {
            try Configuration.load(path: unknown)
        }
    }
}
