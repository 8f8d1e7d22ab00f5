import Foundation
import Testing

/// The `linkstr` program end to end: exit statuses, stdout/stderr, JSON.
@Suite struct CommandLineTests {
    @Test func printsItsVersion() throws {
        let result = try ProcessRunner.linkstr(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test func classifiesThroughACPluginDroppedIntoTheUserFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugins = scratch.folder("data/plugins")
        _ = try FixtureBuilder.vimeoPlugin(plugins + "/liblinkstr-plugin-vimeo.so")
        let result = try ProcessRunner.linkstr(["media", "classify", "https://vimeo.com/76979871", "--json", "--home", scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String]
        #expect(object == [
            "provider": "vimeo", "mode": "embed", "canonical_url": "https://vimeo.com/76979871",
            "embed_url": "https://player.vimeo.com/video/76979871", "plugin": "org.linkstr.example.vimeo",
        ])

        let list = try ProcessRunner.linkstr(["plugins", "--json", "--home", scratch.path])
        let loaded = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        let vimeo = try #require(loaded?.first { $0["id"] as? String == "org.linkstr.example.vimeo" })
        #expect(vimeo["path"] as? String == plugins + "/liblinkstr-plugin-vimeo.so")
        #expect(vimeo["provides"] as? [String] == ["org.linkstr.media-provider/1"])
    }

    @Test func reportsAPluginThatCrashesInCreateAndSurvives() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("crash.so"), defines: ["FIXTURE_CREATE_CRASHES"])
        let result = try ProcessRunner.linkstr(["plugins", "check", path, "--home", scratch.path])
        #expect(!result.signaled)
        #expect(result.status == 1)
        #expect(result.stderr == "linkstr: plugin \(path) crashed during create (signal 11, SIGSEGV)\n")

        let json = try ProcessRunner.linkstr(["plugins", "check", path, "--json", "--home", scratch.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == false)
        #expect(object?["failed_stage"] as? String == "create")
        #expect(object?["signal"] as? Int == 11)
        #expect(object?["stages"] as? [String] == ["permissions", "dlopen", "entry", "validate", "create"])
    }

    @Test func checksAGoodPluginThroughEveryStage() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.vimeoPlugin(scratch.file("vimeo.so"))
        let result = try ProcessRunner.linkstr(["plugins", "check", path, "--json", "--home", scratch.path])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect(object?["stages"] as? [String] == ["permissions", "dlopen", "entry", "validate", "create", "capability", "destroy"])
    }

    @Test func namesTheLineOfAConfigSyntaxErrorAndExits2() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = scratch.write("config.toml", "storage = \"org.linkstr.storage.sqlite\"\nrelays = [\n")
        let result = try ProcessRunner.linkstr(["config", "--home", scratch.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("linkstr: \(scratch.path)/config.toml:2:12: TOML syntax error: "))
    }

    @Test func showsTheEffectiveConfigurationAndMasksSecrets() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = scratch.write(
            "config.toml",
            """
            [plugins."org.example.push"]
            url = "https://ntfy.sh/linkstr-5f3a9c0e1b7d"
            token = "tk_secret"
            [plugins."org.linkstr.storage.postgresql"]
            url = "postgresql://linkstr:pg_pass@127.0.0.1:5432/linkstr?sslmode=disable"
            conninfo = "host=127.0.0.1 user=linkstr password=kw_pass dbname=linkstr"
            endpoint = "https://push.example/up?token=q_secret&topic=a"
            """)
        let result = try ProcessRunner.linkstr(["config", "--json", "--home", scratch.path])
        #expect(result.status == 0)
        for secret in ["tk_secret", "5f3a9c0e1b7d", "pg_pass", "kw_pass", "q_secret"] {
            #expect(!result.stdout.contains(secret), "\(secret) is shown: \(result.stdout)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["home"] as? String == scratch.path)
        #expect(object["storage"] as? String == "org.linkstr.storage.sqlite")
        let plugins = try #require(object["plugins"] as? [String: [String: String]])
        #expect(plugins["org.example.push"] == ["url": "https://ntfy.sh/********", "token": "********"])
        #expect(plugins["org.linkstr.storage.postgresql"] == [
            "url": "postgresql://linkstr:********@127.0.0.1:5432/linkstr?sslmode=disable",
            "conninfo": "host=127.0.0.1 user=linkstr password=******** dbname=linkstr",
            "endpoint": "https://push.example/up?token=********&topic=a",
        ])
        let human = try ProcessRunner.linkstr(["config", "--home", scratch.path])
        #expect(!human.stdout.contains("pg_pass") && human.stdout.contains("password=********"))

        let shown = try ProcessRunner.linkstr(["config", "--json", "--show-secrets", "--home", scratch.path])
        #expect(shown.stdout.contains("pg_pass") && shown.stdout.contains("linkstr-5f3a9c0e1b7d") && shown.stdout.contains("tk_secret"))
    }

    /// Every table of config.toml is in `config`, as set or with its default, its secrets masked.
    @Test func showsEveryTableOfTheFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let written = try ProcessRunner.linkstr(["config", "--json", "--home", scratch.path])
        let defaults = try #require(try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])
        #expect(defaults["notify_from"] as? String == "members" && defaults["media_cache_bytes"] as? Int == 1_073_741_824)
        #expect((defaults["profiles"] as? [String: Int])?["auto_lock_minutes"] == 15)
        let app = try #require(defaults["app"] as? [String: Any])
        #expect(app["serve"] as? Bool == false && app["port"] as? Int == 0)
        #expect((defaults["signer"] as? [String: Any])?["allow"] == nil, "no allow: a new client is asked")

        _ = scratch.write(
            "config.toml",
            """
            media_cache_bytes = 536870912
            [notify]
            from = "contacts"
            [saved]
            webhook = "https://hooks.example/linkstr/wh_path_secret"
            token = "tok_secret"
            extra_fields = true
            [signer]
            serve = true
            allow = ["sign_event:1"]
            secret = "signer-secret-of-at-least-32-characters"
            relays = ["ws://127.0.0.1:7777"]
            [browser]
            allow = ["https://example.org:signEvent:1"]
            [browser.profiles.work]
            deny = ["https://tracker.example:*"]
            [profiles]
            auto_lock_minutes = 0
            [app]
            serve = true
            port = 8765
            """)
        let result = try ProcessRunner.linkstr(["config", "--json", "--home", scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        for secret in ["wh_path_secret", "tok_secret", "signer-secret"] {
            #expect(!result.stdout.contains(secret), "\(secret) is shown: \(result.stdout)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["notify_from"] as? String == "contacts" && object["media_cache_bytes"] as? Int == 536_870_912)
        let saved = try #require(object["saved"] as? [String: Any])
        #expect(saved["webhook"] as? String == "https://hooks.example/********" && saved["token"] as? String == "********")
        #expect(saved["extra_fields"] as? Bool == true)
        let signer = try #require(object["signer"] as? [String: Any])
        #expect(signer["serve"] as? Bool == true && signer["allow"] as? [String] == ["sign_event:1"] && signer["relays"] as? [String] == ["ws://127.0.0.1:7777"])
        let browser = try #require(object["browser"] as? [String: Any])
        #expect(browser["allow"] as? [String] == ["https://example.org:signEvent:1"])
        #expect((browser["profiles"] as? [String: [String: [String]]])?["work"] == ["allow": [], "deny": ["https://tracker.example:*"]])
        #expect((object["profiles"] as? [String: Int])?["auto_lock_minutes"] == 0)
        let served = try #require(object["app"] as? [String: Any])
        #expect(served["serve"] as? Bool == true && served["port"] as? Int == 8765)

        let human = try ProcessRunner.linkstr(["config", "--home", scratch.path])
        for line in [
            "notify from:   contacts", "video cache:   536870912 bytes", "saved links:   webhook https://hooks.example/******** (with notes and titles)",
            "bunker:        served by linkstr watch; a new client gets sign_event:1; relays ws://127.0.0.1:7777",
            "browser:       allow https://example.org:signEvent:1; deny none", "  profile work: allow none; deny https://tracker.example:*",
            "auto-lock:     never;", "app:           served by linkstr watch on port 8765",
        ] {
            #expect(human.stdout.contains(line), "no \"\(line)\" in:\n\(human.stdout)")
        }
        #expect(!human.stdout.contains("tok_secret") && !human.stdout.contains("wh_path_secret"))
        let shown = try ProcessRunner.linkstr(["config", "--json", "--show-secrets", "--home", scratch.path])
        #expect(shown.stdout.contains("tok_secret") && shown.stdout.contains("wh_path_secret") && shown.stdout.contains("signer-secret-of-at-least-32-characters"))
    }

    @Test func usageErrorsExit2() throws {
        let unknownFlag = try ProcessRunner.linkstr(["plugins", "--bogus"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.stderr.contains("Unknown option '--bogus'"))
        let badURL = try ProcessRunner.linkstr(["media", "classify", "javascript:alert(1)"])
        #expect(badURL.status == 2)
        #expect(badURL.stderr == "linkstr: 'javascript:alert(1)' is a javascript: URL; only http and https links can be shared\n")
    }

    @Test func checkingAFileThatIsNotThereIsBadInput() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["plugins", "check", "./missing.so", "--home", scratch.path])
        #expect(result.status == 2)
        #expect(result.stderr == "linkstr: there is no plugin file at ./missing.so; give the path of a plugin's .so file\n")
    }

    @Test func anUnknownStorageBackendIsBadInputNamingTheChoices() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["--storage", "nosuch", "sessions", "--home", scratch.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(
            "linkstr: --storage nosuch: no such storage backend; use memory, postgresql, sqlite or the id of an installed plugin that provides org.linkstr.storage/1 (installed: "))
        #expect(result.stderr.contains("org.linkstr.storage.sqlite"))
    }

    /// A config.toml setting that cannot be used: exit 2, one sentence naming the file and the setting.
    @Test(arguments: [
        ("log_level = \"verbose\"\n", ["config"], "'log_level' is 'verbose'; use one of trace, debug, info, warn, error"),
        ("relays = [\"wss://relay.example.com\", \"not a url\"]\n", ["relay", "list"],
         "'relays' has 'not a url', which is not a relay address; use ws:// or wss:// URLs such as wss://relay.example.com"),
        ("[providers]\nstorage = \"org.linkstr.storage.memory\"\n", ["config"],
         "'providers' has the key 'storage', which is not a capability id; use ids such as \"org.linkstr.storage/1\""),
        ("storage = \"x\"\n", ["relay", "list"],
         "'storage' names 'x', but no installed plugin has that id; installed providers of org.linkstr.storage/1: "),
        ("transport = \"x\"\n", ["relay", "list"],
         "'transport' names 'x', but no installed plugin has that id; installed providers of org.linkstr.transport/1: org.linkstr.transport.relay-pool"),
        ("media_providers = [\"org.linkstr.notify.http\"]\n", ["media", "classify", "https://vimeo.com/1"],
         "'media_providers' names 'org.linkstr.notify.http', but that plugin does not provide org.linkstr.media-provider/1; installed providers of org.linkstr.media-provider/1: "),
        ("notifiers = [\"x\"]\n", ["notify", "test"], "'notifiers' names 'x', but no installed plugin has that id; installed providers of org.linkstr.notifier/1: "),
        ("[providers]\n\"com.example.archive/1\" = \"com.example.archive.s3\"\n", ["relay", "list"],
         "'providers.\"com.example.archive/1\"' names 'com.example.archive.s3', but no installed plugin has that id; no installed plugin provides com.example.archive/1"),
        ("[plugins.\"org.example.typo\"]\nurl = \"x\"\n", ["relay", "list"],
         "[plugins.\"org.example.typo\"] configures a plugin that is not installed; installed plugins: "),
    ])
    func aSettingThatCannotBeUsedIsBadInputNamingFileAndSetting(config: String, arguments: [String], reason: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = scratch.write("config.toml", config)
        let result = try ProcessRunner.linkstr(arguments + ["--home", scratch.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("linkstr: \(scratch.path)/config.toml: \(reason)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test func anUnknownLogLevelInTheEnvironmentIsBadInput() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["config", "--home", scratch.path], environment: ["LINKSTR_LOG": "bogus"])
        #expect(result.status == 2)
        #expect(result.stderr == "linkstr: LINKSTR_LOG: 'bogus' is not a log level; use one of trace, debug, info, warn, error, or unset it\n")
        let valid = try ProcessRunner.linkstr(["config", "--home", scratch.path], environment: ["LINKSTR_LOG": "info"])
        #expect(valid.status == 0, "\(valid.stderr)")
    }
}
