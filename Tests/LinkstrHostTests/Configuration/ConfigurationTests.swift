import Foundation
import LinkstrHost
import PluginABI
import Testing

@Suite struct ConfigurationTests {
    @Test func aMissingFileGivesTheDefaults() throws {
        let configuration = try Configuration.load(path: "/nonexistent/linkstr/config.toml")
        #expect(!configuration.sourceFileExists)
        #expect(configuration.storage == nil)
        #expect(configuration.mediaProviders.isEmpty)
    }

    @Test func readsSettingsProvidersAndPluginSections() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", """
            storage = "org.linkstr.storage.memory"
            media_providers = ["org.linkstr.example.vimeo"]
            relays = ["ws://127.0.0.1:7777"]

            [providers]
            "com.example.archive/1" = "com.example.archive.s3"

            [plugins."org.linkstr.storage.sqlite"]
            path = "/var/lib/linkstr/db.sqlite"
            busy_timeout_ms = 5000
            tags = ["a", "b"]
            """)
        let configuration = try Configuration.load(path: path)
        #expect(configuration.chosenProvider(for: "org.linkstr.storage/1") == "org.linkstr.storage.memory")
        #expect(configuration.chosenProvider(for: "com.example.archive/1") == "com.example.archive.s3")
        #expect(configuration.mediaProviders == ["org.linkstr.example.vimeo"])
        #expect(configuration.relays == ["ws://127.0.0.1:7777"])
        #expect(configuration.pluginSettings["org.linkstr.storage.sqlite"] == [
            "path": "/var/lib/linkstr/db.sqlite", "busy_timeout_ms": "5000", "tags": #"["a","b"]"#,
        ])
    }

    @Test func whitespaceTOMLDoesNotKnowIsASyntaxErrorNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for (text, name) in [("relays = [\u{85}\"a\"]", "U+0085"), ("b =\u{3000}1", "U+3000"), ("b = [1,\u{0B}2]", "U+000B"), ("[a\u{2028}]", "U+2028")] {
            let path = scratch.write("config.toml", "storage = \"x\"\n\(text)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.line == 2)
            #expect(error.description.contains("TOML syntax error: \(name) is not whitespace in TOML"), "\(text): \(error)")
        }
        // In strings and comments it is text.
        let path = scratch.write("config.toml", "b = \"a\u{85}b\u{3000}\" # \u{2028}\n[\"c\u{85}\"]\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
        #expect(error.description.contains("unknown setting 'b'"), "\(error)")
    }

    @Test func aPluginSettingThatIsADateIsItsTextNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", """
            [plugins."org.example.archive"]
            since = 1979-05-27
            at = 07:32:00
            dates = [1979-05-27]
            """)
        let settings = try #require(try Configuration.load(path: path).pluginSettings["org.example.archive"])
        #expect(settings["since"] == "1979-05-27")
        #expect(settings["at"]?.hasPrefix("07:32:00") == true, "\(settings)")
        #expect(settings["dates"]?.contains("1979-05-27") == true, "\(settings)")
    }

    @Test func notifyFromChoosesWhoseEventsNotify() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        #expect(try Configuration.load(path: scratch.write("default.toml", "")).notifyFrom == .members)
        #expect(try Configuration.load(path: scratch.write("contacts.toml", "[notify]\nfrom = \"contacts\"\n")).notifyFrom == .contacts)
        let wrong = scratch.write("wrong.toml", "[notify]\nfrom = \"friends\"\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: wrong) }
        #expect(error.reason == "'notify.from' is 'friends'; use \"members\" or \"contacts\"")
    }

    @Test func reportsASyntaxErrorWithItsLine() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "storage = \"x\"\nmedia_providers = [\"a\",\n")
        #expect(throws: ConfigurationError.self) { try Configuration.load(path: path) }
        do {
            _ = try Configuration.load(path: path)
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("\(path):2:25: TOML syntax error: "))
        }
    }

    @Test func aClosingBraceInsideAnArrayIsASyntaxErrorNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for value in ["b = [}", "b = [1, }", "b = [\n}", "b = { c = [} }"] {
            let path = scratch.write("config.toml", "storage = \"x\"\n\(value)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.description.contains("TOML syntax error: '}' inside an array"), "\(value): \(error)")
        }
        // An inline table inside an array closes with its own brace.
        let path = scratch.write("config.toml", "b = [{ c = 1 }, { d = [2] }]\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
        #expect(error.description.contains("unknown setting 'b'"), "\(error)")
    }

    @Test func aDateWithALoneDigitAfterASpaceIsASyntaxErrorNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for value in ["b = 1979-05-27 7", "b = 1978-05-2\u{01} 7 ", "b = [1979-05-27 7]", "b = 1_978-05-2x 7 # note", "b = { c = 1979-05-27 7 }", "b = 3958-05-27 3\u{FEFF}"] {
            let path = scratch.write("config.toml", "storage = \"x\"\n\(value)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.line == 2)
            #expect(error.description.contains("TOML syntax error: a date-time needs a whole time after the date"), "\(value): \(error)")
        }
    }

    @Test func aDateTimeWithoutATimeIsASyntaxErrorNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for value in ["b = 1979-05-27Tx7:32:00", "b = [1, 1979-05-27T]", "b = { c = 1979-05-27t:00 }"] {
            let path = scratch.write("config.toml", "storage = \"x\"\n\(value)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.line == 2)
            #expect(error.description.contains("TOML syntax error: a date-time needs a time after the date"))
        }
        // Whole dates and date-times, date-like text in strings and a bare key that looks like a date
        // are left to the TOML reader.
        for value in ["b = 1979-05-27T07:32:00Z", "b = 1979-05-27", "b = 1979-05-27 07:32:00", "b = \"1979-05-27Tx\"", "b = { 1979-05-27Tx = 1 }"] {
            let path = scratch.write("config.toml", "\(value)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.description.contains("unknown setting 'b'"), "\(value): \(error)")
        }
    }

    @Test func aTableHeaderWithoutANameIsASyntaxErrorNotACrash() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for header in ["[=]", "[[ ,]]", "[#]", "[\u{FFFD}]"] {
            let path = scratch.write("config.toml", "storage = \"x\"\n\(header)\n")
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("\(path):2:"))
            #expect(error.description.contains("TOML syntax error: a table header must start with a name"))
        }
        // After a byte-order mark, the first line is still checked.
        let marked = scratch.write("config.toml", "\u{FEFF}[\u{FFFD}]\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: marked) }
        #expect(error.line == 1)
        #expect(error.description.contains("TOML syntax error: a table header must start with a name"))
        // A line that starts with `[` inside a multi-line string or array is no header.
        let valid = scratch.write("valid.toml", """
            relays = [
              "ws://127.0.0.1:7777",
            ]
            [plugins."org.linkstr.notify.command"]
            template = \"\"\"
            [=] stays text
            \"\"\"
            matrix = [
              [{ a = 1 }],
            ]
            """)
        let configuration = try Configuration.load(path: valid)
        #expect(configuration.relays == ["ws://127.0.0.1:7777"])
        #expect(configuration.pluginSettings["org.linkstr.notify.command"] == ["template": "[=] stays text\n", "matrix": #"[[{"a":1}]]"#])
    }

    @Test func rejectsAnUnknownSettingAndAWrongType() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let typo = scratch.write("typo.toml", "storag = \"x\"\n")
        #expect(throws: ConfigurationError(
            path: typo,
            reason: "unknown setting 'storag'; known settings: storage, transport, media_providers, notifiers, plugin_paths, relays, log_level, providers, plugins, media_cache_bytes, ytdlp, notify, signer_plugins"
        )) { try Configuration.load(path: typo) }
        let wrongType = scratch.write("type.toml", "relays = \"ws://127.0.0.1:1\"\n")
        #expect(throws: ConfigurationError(path: wrongType, reason: "'relays' must be an array of strings, not string")) {
            try Configuration.load(path: wrongType)
        }
    }

    /// The tables of the program built on the host are its own: the host leaves the ones it is told
    /// of to it (keeping the text) and refuses any other.
    @Test func theTablesOfTheProgramBuiltOnTheHostAreLeftToIt() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("app.toml", "relays = []\n[saved]\nwebhook = 1\n")
        #expect(throws: ConfigurationError(
            path: path,
            reason: "unknown setting 'saved'; known settings: storage, transport, media_providers, notifiers, plugin_paths, relays, log_level, providers, plugins, media_cache_bytes, ytdlp, notify, signer_plugins"
        )) { try Configuration.load(path: path) }
        let read = try Configuration.load(path: path, appTables: ["saved"])
        #expect(read.text == "relays = []\n[saved]\nwebhook = 1\n")
        let typo = scratch.write("typo.toml", "[save]\n")
        let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: typo, appTables: ["saved"]) }
        #expect(error.reason.hasSuffix("media_cache_bytes, ytdlp, notify, signer_plugins, saved"))
    }

    @Test func homePutsEverythingUnderOneFolder() {
        let paths = LinkstrPaths.resolve(home: "/srv/alice", configFile: nil, environment: ["LINKSTR_HOME": "/srv/bob", "HOME": "/root"])
        #expect(paths.configFile == "/srv/alice/config.toml")
        #expect(paths.dataDirectory == "/srv/alice/data")
        #expect(paths.cacheDirectory == "/srv/alice/cache")
        #expect(paths.userPluginDirectory == "/srv/alice/data/plugins")
        let fromEnvironment = LinkstrPaths.resolve(home: nil, configFile: nil, environment: ["LINKSTR_HOME": "/srv/bob"])
        #expect(fromEnvironment.stateDirectory == "/srv/bob/state")
    }

    @Test func followsTheXDGBaseDirectories() {
        let paths = LinkstrPaths.resolve(
            home: nil, configFile: nil,
            environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "relative/ignored"])
        #expect(paths.configFile == "/cfg/linkstr/config.toml")
        #expect(paths.dataDirectory == "/home/u/.local/share/linkstr")
        #expect(paths.cacheDirectory == "/home/u/.cache/linkstr")
        #expect(paths.stateDirectory == "/home/u/.local/state/linkstr")
    }

    @Test func rejectsAnUnknownLogLevelABadRelayAndAProvidersKeyThatIsNoCapability() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let level = scratch.write("level.toml", "log_level = \"verbose\"\n")
        #expect(throws: ConfigurationError(path: level, reason: "'log_level' is 'verbose'; use one of trace, debug, info, warn, error")) {
            try Configuration.load(path: level)
        }
        let relays = scratch.write("relays.toml", "relays = [\"ws://127.0.0.1:1\", \"not a url\"]\n")
        #expect(throws: ConfigurationError(
            path: relays,
            reason: "'relays' has 'not a url', which is not a relay address; use ws:// or wss:// URLs such as wss://relay.example.com"
        )) { try Configuration.load(path: relays) }
        let providers = scratch.write("providers.toml", "[providers]\n\"org.linkstr.storage\" = \"org.linkstr.storage.memory\"\n")
        #expect(throws: ConfigurationError(
            path: providers,
            reason: "'providers' has the key 'org.linkstr.storage', which is not a capability id; use ids such as \"org.linkstr.storage/1\""
        )) { try Configuration.load(path: providers) }
        #expect(try Configuration.load(path: scratch.write("warning.toml", "log_level = \"warning\"\n")).logLevel == "warning")
    }

    @Test func rejectsAnUnknownLogLevelInTheEnvironment() throws {
        #expect(throws: ConfigurationError(path: "LINKSTR_LOG", reason: "'bogus' is not a log level; use one of trace, debug, info, warn, error, or unset it")) {
            try LinkstrHost.open(home: "/nonexistent/linkstr", configFile: nil, environment: ["LINKSTR_LOG": "bogus"])
        }
        #expect(try LinkstrHost.open(home: "/nonexistent/linkstr", configFile: nil, environment: ["LINKSTR_LOG": "debug"]).log.threshold == .debug)
    }

    /// The plugin ids a configuration names, against the plugins this build installs.
    @Test func namesAPluginThatIsNotInstalledWithTheCandidates() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "")
        let host = try LinkstrHost.open(home: scratch.path, configFile: nil, environment: [:])
        let registry = host.loadPlugins()
        var configuration = try Configuration.load(path: path)
        configuration.storage = "org.linkstr.storage.memory"
        configuration.notifiers = ["org.linkstr.notify.http"]
        configuration.pluginSettings = ["org.linkstr.notify.http": ["url": "http://127.0.0.1:9/"]]
        try registry.checkPlugins(namedIn: configuration)

        configuration.notifiers = ["org.linkstr.notify.http", "org.linkstr.storage.sqlite"]
        let storages = registry.providers(of: LKH_CAP_STORAGE_V1).map(\.id).joined(separator: ", ")
        let notifiers = registry.providers(of: LKH_CAP_NOTIFIER_V1).map(\.id).joined(separator: ", ")
        #expect(throws: ConfigurationError(
            path: path,
            reason: "'notifiers' names 'org.linkstr.storage.sqlite', but that plugin does not provide org.linkstr.notifier/1; installed providers of org.linkstr.notifier/1: \(notifiers)"
        )) { try registry.checkPlugins(namedIn: configuration) }
        configuration.notifiers = []
        configuration.storage = "x"
        #expect(throws: ConfigurationError(
            path: path,
            reason: "'storage' names 'x', but no installed plugin has that id; installed providers of org.linkstr.storage/1: \(storages)"
        )) { try registry.checkPlugins(namedIn: configuration) }
    }

    /// config.toml names programs linkstr runs: a file others can write is refused, as ssh does.
    @Test func aConfigurationOthersCanWriteIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "notifiers = []\n")
        chmod(path, 0o666)
        #expect(throws: ConfigurationError(
            path: path, reason: "the file is writable by others (mode 666) and names programs linkstr runs; run `chmod go-w \(path)`"
        )) { try Configuration.load(path: path) }
        let result = try ProcessRunner.linkstr(["config", "--home", scratch.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("chmod go-w"), "\(result.stderr)")
        chmod(path, 0o644)
        #expect(try Configuration.load(path: path).notifiers == [])
    }

    /// A secret in config.toml is refused while group or others can read the file, as ssh refuses
    /// such a private key; the same file without a secret, or readable by its owner only, is read.
    @Test func aConfigurationHoldingASecretThatOthersCanReadIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("config.toml", "notifiers = []\n[saved]\nwebhook = \"https://hooks.example.com/x\"\ntoken = \"t0ken\"\n")
        chmod(path, 0o644)
        #expect(throws: ConfigurationError(
            path: path, reason: "the file holds a secret ('saved.token') and others can read it (mode 644); run `chmod go-rwx \(path)`"
        )) { try Configuration.load(path: path, appTables: ["saved"]) }
        let result = try ProcessRunner.linkstr(["config", "--home", scratch.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("chmod go-rwx"), "\(result.stderr)")
        chmod(path, 0o600)
        #expect(try Configuration.load(path: path, appTables: ["saved"]).text.contains("t0ken"))

        let plugin = scratch.write("plugin.toml", "[plugins.\"org.linkstr.notify.http\"]\npassword = \"pw\"\n")
        chmod(plugin, 0o640)
        #expect(throws: ConfigurationError(
            path: plugin,
            reason: "the file holds a secret ('plugins.org.linkstr.notify.http.password') and others can read it (mode 640); run `chmod go-rwx \(plugin)`"
        )) { try Configuration.load(path: plugin) }
        let noSecret = scratch.write("plain.toml", "notifiers = []\n")
        chmod(noSecret, 0o644)
        #expect(try Configuration.load(path: noSecret).notifiers == [])
    }

    /// A file damaged by a crash (zeros) or overwritten by binary data is not read in part: the parser
    /// would stop at the NUL and linkstr would run with the public default relays.
    @Test func aDamagedConfigurationIsRefusedNamingTheFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("config.toml")
        let damaged: [(bytes: [UInt8], reason: String)] = [
            (Array("relays = [\"ws://127.0.0.1:7777\"]\n".utf8) + [0, 0, 0], "the file holds a NUL byte (at byte 33) and looks damaged"),
            ([UInt8](repeating: 0, count: 4_096), "the file holds a NUL byte (at byte 0) and looks damaged"),
            (Array("relays = [\"ws://127.0.0.1:7777\"]\n# caf".utf8) + [0xE9, 0x0A], "the file is not UTF-8 text and looks damaged"),
        ]
        for (bytes, reason) in damaged {
            FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
            let error = try #require(throws: ConfigurationError.self) { try Configuration.load(path: path) }
            #expect(error.path == path)
            #expect(error.reason.hasPrefix(reason), "\(error)")
            let result = try ProcessRunner.linkstr(["relay", "list", "--storage", "memory", "--home", scratch.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains(path) && result.stderr.contains(reason), "\(result.stderr)")
        }
    }

    @Test("`--config` naming a file that does not exist is an error naming it, not the defaults")
    func aMissingExplicitConfigurationIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let missing = scratch.file("confg.toml")
        let result = try ProcessRunner.linkstr(["relay", "list", "--storage", "memory", "--home", scratch.path, "--config", missing])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(missing): no such file (given with --config)"), "\(result.stderr)")
        // Without --config, a missing config.toml still means the defaults.
        #expect(try ProcessRunner.linkstr(["relay", "list", "--storage", "memory", "--home", scratch.path]).status == 0)
    }
}
