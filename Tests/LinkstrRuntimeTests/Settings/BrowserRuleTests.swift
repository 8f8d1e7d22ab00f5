import LinkstrRuntime
import Testing

/// `[browser] allow/deny` rules: `<origin>:<method>` or `<origin>:signEvent:<kind>`.
@Suite struct BrowserRuleTests {
    @Test func parsesOriginsWithPortsMethodsAndKinds() throws {
        #expect(try BrowserRule(parsing: "https://Example.org:signEvent:1") == BrowserRule(origin: "https://example.org", method: .signEvent, kind: 1))
        #expect(try BrowserRule(parsing: "http://127.0.0.1:8080:getPublicKey") == BrowserRule(origin: "http://127.0.0.1:8080", method: .getPublicKey))
        #expect(try BrowserRule(parsing: "https://example.org:nip44.decrypt") == BrowserRule(origin: "https://example.org", method: .nip44Decrypt))
        #expect(try BrowserRule(parsing: "https://example.org:8443:*") == BrowserRule(origin: "https://example.org:8443", method: nil))
    }

    @Test(arguments: [
        "https://example.org", "https://example.org:8080", "example.org:signEvent", "https://example.org/path:signEvent",
        "https://example.org:getPublicKey:1", "https://example.org:sign", "ftp://example.org:signEvent", "chrome-extension://abc:signEvent",
        "http://example.org:signEvent",
    ])
    func refusesWhatIsNotARule(_ text: String) {
        #expect(throws: BrowserRuleError(rule: text)) { try BrowserRule(parsing: text) }
    }

    @Test func coversItsOriginMethodAndKind() throws {
        let kindOne = try BrowserRule(parsing: "https://example.org:signEvent:1")
        #expect(kindOne.covers(origin: "https://example.org", method: .signEvent, kind: 1))
        #expect(!kindOne.covers(origin: "https://example.org", method: .signEvent, kind: 4))
        #expect(!kindOne.covers(origin: "https://example.org:8443", method: .signEvent, kind: 1))
        #expect(!kindOne.covers(origin: "https://example.org", method: .getPublicKey, kind: nil))
        let everything = try BrowserRule(parsing: "https://example.org:*")
        #expect(everything.covers(origin: "https://example.org", method: .signEvent, kind: 30023))
        #expect(everything.covers(origin: "https://example.org", method: .nip44Encrypt, kind: nil))
    }

    @Test func configurationReadsTheBrowserSection() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", """
            [browser]
            allow = ["https://example.org:signEvent:1", "https://example.org:getPublicKey"]
            deny = ["https://tracker.example:*"]
            """)
        let settings = try RuntimeSettings.load(path: path).settings.browser
        #expect(settings.allow == [
            BrowserRule(origin: "https://example.org", method: .signEvent, kind: 1), BrowserRule(origin: "https://example.org", method: .getPublicKey),
        ])
        #expect(settings.deny == [BrowserRule(origin: "https://tracker.example", method: nil)])

        let wrong = scratch.write("wrong.toml", "[browser]\nallow = [\"https://example.org\"]\n")
        let error = try #require(throws: ConfigurationError.self) { try RuntimeSettings.load(path: wrong) }
        #expect(error.description.contains("'browser.allow': 'https://example.org' is not a browser rule"))
        let unknown = scratch.write("unknown.toml", "[browser]\nask = true\n")
        let unknownError = try #require(throws: ConfigurationError.self) { try RuntimeSettings.load(path: unknown) }
        #expect(unknownError.description.contains("unknown setting 'browser.ask'; known settings: allow, deny, profiles"))
    }

    @Test func configurationReadsEachProfilesRules() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", """
            [browser]
            deny = ["https://tracker.example:*"]
            [browser.profiles.work]
            allow = ["https://example.org:getPublicKey"]
            """)
        let settings = try RuntimeSettings.load(path: path).settings.browser
        let work = settings.rules(for: "work")
        #expect(work.allow == [BrowserRule(origin: "https://example.org", method: .getPublicKey)])
        #expect(work.deny == [BrowserRule(origin: "https://tracker.example", method: nil)])
        #expect(settings.rules(for: "personal").allow.isEmpty)

        let unknown = scratch.write("unknown.toml", "[browser.profiles.work]\nask = true\n")
        let unknownError = try #require(throws: ConfigurationError.self) { try RuntimeSettings.load(path: unknown) }
        #expect(unknownError.description.contains("unknown setting 'browser.profiles.work.ask'; known settings: allow, deny"))
    }
}
