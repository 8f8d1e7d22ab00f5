import CHostSupport
import Foundation
import LinkstrRuntime
import PluginTesting
import Testing
import TestSupport

/// `linkstr account …` end to end: key stores, exit statuses, and the secret never printed unasked.
@Suite struct AccountCommandTests {
    private func json(_ text: String) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
    }

    @Test("a mistyped --home (or LINKSTR_HOME) makes no home: only commands that create an account start one")
    func aHomeThatDoesNotExistIsNotCreated() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let typo = scratch.file("tpyo")
        for arguments in [["saved", "export"], ["relay", "list"], ["sessions"], ["config"], ["account", "show"]] {
            let result = try ProcessRunner.linkstr(arguments + ["--home", typo])
            #expect(result.status == 3, "\(arguments)")
            #expect(result.stderr.hasPrefix("linkstr: there is no linkstr home at \(typo) (from --home); check the name"), "\(result.stderr)")
        }
        let fromEnvironment = try ProcessRunner.linkstr(["sessions"], environment: ["LINKSTR_HOME": typo])
        #expect(fromEnvironment.status == 3)
        #expect(fromEnvironment.stderr.hasPrefix("linkstr: there is no linkstr home at \(typo) (from LINKSTR_HOME)"), "\(fromEnvironment.stderr)")
        #expect(!FileManager.default.fileExists(atPath: typo))

        let created = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--home", typo])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try ProcessRunner.linkstr(["saved", "export", "--home", typo]).status == 0)
    }

    @Test("`account delete` goes on only with --confirm naming this account's npub; refused, the key stays")
    func deleteRefusesWithoutTheRightConfirmation() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let created = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--json", "--home", scratch.path])
        let npub = try #require(try json(created.stdout)["npub"])

        let unconfirmed = try ProcessRunner.linkstr(["account", "delete", "--home", scratch.path])
        #expect(unconfirmed.status == 2)
        #expect(unconfirmed.stderr.contains("every local record of \(npub). To go ahead, run: linkstr account delete --confirm \(npub)"), "\(unconfirmed.stderr)")
        let other = "npub1" + String(repeating: "q", count: 58)
        let mismatched = try ProcessRunner.linkstr(["account", "delete", "--confirm", other, "--home", scratch.path])
        #expect(mismatched.status == 2)
        #expect(mismatched.stderr == "linkstr: --confirm \(other) does not match this account (\(npub)); nothing was deleted\n", "\(mismatched.stderr)")
        #expect(try json(try ProcessRunner.linkstr(["account", "show", "--json", "--home", scratch.path]).stdout)["npub"] == npub)
    }

    @Test func withoutAnAccountCommandsExit3() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["account", "show", "--home", scratch.path])
        #expect(result.status == 3)
        #expect(result.stderr == "linkstr: no account here; create one with `linkstr account create` or `linkstr account import`\n")
    }

    @Test func aPlainKeyStoreWarnsAndKeepsTheKeyPrivate() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let created = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--name", "Bot", "--json", "--home", scratch.path])
        #expect(created.status == 0)
        #expect(created.stderr.contains("warning: the secret key is stored unencrypted"))
        let identity = try json(created.stdout)
        #expect(identity["name"] == "Bot")
        #expect(identity["npub"]?.hasPrefix("npub1") == true)
        #expect(identity["nsec"] == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: try #require(ProfileKeyFile.path(home: scratch.path, name: "key.nsec")))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let shown = try ProcessRunner.linkstr(["account", "show", "--json", "--home", scratch.path])
        #expect(!shown.stdout.contains("nsec1"))
        let revealed = try json(try ProcessRunner.linkstr(["account", "show", "--reveal-secret", "--json", "--home", scratch.path]).stdout)
        #expect(revealed["nsec"]?.hasPrefix("nsec1") == true)
        #expect(revealed["pubkey"] == identity["pubkey"])
    }

    @Test func importsAnNsecFromStdinIntoAPassphraseProtectedFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // The NIP-19 example key pair.
        let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
        let passphrase = scratch.write("pass", "correct horse\n")
        let environment = ["LINKSTR_PASSPHRASE_FILE": passphrase]
        let imported = try ProcessRunner.linkstr(
            ["account", "import", "-", "--key-store", "ncryptsec", "--json", "--home", scratch.path], environment: environment, stdin: nsec + "\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try json(imported.stdout)["pubkey"] == "7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e")
        let file = try String(contentsOfFile: try #require(ProfileKeyFile.path(home: scratch.path, name: "key.ncryptsec")), encoding: .utf8)
        #expect(file.hasPrefix("ncryptsec1"))
        #expect(!file.contains(nsec))

        let revealed = try ProcessRunner.linkstr(["account", "show", "--reveal-secret", "--json", "--home", scratch.path], environment: environment)
        #expect(try json(revealed.stdout)["nsec"] == nsec)

        _ = scratch.write("pass", "wrong\n")
        let wrong = try ProcessRunner.linkstr(["account", "show", "--reveal-secret", "--home", scratch.path], environment: environment)
        #expect(wrong.status == 1)
        // A file cannot tell a typo from tampering: a wrong passphrase is called that, not damage.
        #expect(wrong.stderr.hasPrefix("linkstr: cannot unlock profile 'default': wrong passphrase (for "), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("altered") && !wrong.stderr.contains("damaged"))
    }

    /// `account import - < backup.nsec` on a terminal: the key comes from the file, the passphrase
    /// from the terminal (not from stdin, which is the file).
    @Test func importFromAFileAsksForThePassphraseOnTheTerminal() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let backup = scratch.write("backup.nsec", "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5\n")
        let session = try TerminalSession.linkstr(
            ["account", "import", "-", "--key-store", "ncryptsec", "--home", scratch.path], stdinFile: backup,
            answers: [("new passphrase to protect the key of profile 'default': ", "correct horse"), ("repeat the new passphrase: ", "correct horse")])
        #expect(session.status == 0, "\(session.screen)")
        #expect(session.screen.contains("npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg"))
        #expect(!session.screen.contains("correct horse"), "the passphrase is not echoed")
        let file = try String(contentsOfFile: try #require(ProfileKeyFile.path(home: scratch.path, name: "key.ncryptsec")), encoding: .utf8)
        #expect(file.hasPrefix("ncryptsec1"))

        let shown = try ProcessRunner.linkstr(
            ["account", "show", "--reveal-secret", "--json", "--home", scratch.path],
            environment: ["LINKSTR_PASSPHRASE_FILE": scratch.write("pass", "correct horse\n")])
        #expect(try json(shown.stdout)["pubkey"] == "7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e")
    }

    /// A passphrase file others can read is refused, as ssh refuses such a private key.
    @Test func aPassphraseFileOthersCanReadIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let passphrase = scratch.write("pass", "correct horse\n")
        chmod(passphrase, 0o644)
        let result = try ProcessRunner.linkstr(
            ["account", "import", "-", "--key-store", "ncryptsec", "--home", scratch.path], environment: ["LINKSTR_PASSPHRASE_FILE": passphrase],
            stdin: "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("LINKSTR_PASSPHRASE_FILE (\(passphrase)) can be read by others (mode 644); run `chmod go-rwx \(passphrase)`"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/data/profiles.json"))
        chmod(passphrase, 0o600)
        let imported = try ProcessRunner.linkstr(
            ["account", "import", "-", "--key-store", "ncryptsec", "--home", scratch.path], environment: ["LINKSTR_PASSPHRASE_FILE": passphrase],
            stdin: "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5\n")
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// Without a terminal (a script, a service), the error says how to give the passphrase.
    @Test func withoutATerminalThePassphraseErrorSaysWhereToPutIt() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // setsid: no controlling terminal, also when the tests run from one.
        let result = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable, "account", "import", "-", "--key-store", "ncryptsec", "--home", scratch.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": scratch.path], stdin: "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no terminal to ask for it: set LINKSTR_PASSPHRASE_FILE"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/data/profiles.json"))
    }

    /// logout deletes the key: on a terminal it asks, and only "y" goes ahead.
    @Test func logoutAsksOnTheTerminalFirst() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--home", scratch.path])
        let kept = try TerminalSession.linkstr(["account", "logout", "--home", scratch.path], answers: [("[y/N] ", "n")])
        #expect(kept.status == 1, "\(kept.screen)")
        #expect(kept.screen.contains("Delete the key of npub1"))
        #expect(ProfileKeyFile.path(home: scratch.path, name: "key.nsec") != nil)
        let gone = try TerminalSession.linkstr(["account", "logout", "--home", scratch.path], answers: [("[y/N] ", "y")])
        #expect(gone.status == 0, "\(gone.screen)")
        #expect(ProfileKeyFile.paths(home: scratch.path, name: "key.nsec").isEmpty)
    }

    /// Once a secret key is in memory, the process makes no core dump and cannot be read through ptrace.
    @Test func aLoadedKeyTurnsCoreDumpsOff() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--home", scratch.path])
        _ = try AccountManager(dataDirectory: scratch.path + "/data", environment: [:]).secretKey()
        #expect(linkstr_is_dumpable() == 0)
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        #expect(limit.rlim_cur == 0)
    }

    @Test func refusesABadNsecAndASecondAccount() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let bad = try ProcessRunner.linkstr(["account", "import", "nsec1notakey", "--insecure-argv", "--home", scratch.path])
        #expect(bad.status == 2)
        #expect(bad.stderr == "linkstr: invalid secret key (nsec).\n")
        _ = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--home", scratch.path])
        let second = try ProcessRunner.linkstr(["account", "create", "--key-store", "plain", "--home", scratch.path])
        #expect(second.status == 1)
        #expect(second.stderr.contains("this home already has an account"))
        let logout = try ProcessRunner.linkstr(["account", "logout", "--yes", "--home", scratch.path])
        #expect(logout.status == 0)
        #expect(ProfileKeyFile.paths(home: scratch.path, name: "key.nsec").isEmpty)
        #expect(try ProcessRunner.linkstr(["account", "show", "--home", scratch.path]).status == 3)
    }
}

/// The default key store on a desktop: the Secret Service (a real gnome-keyring on a private bus).
@Suite struct SecretServiceAccountTests {
    @Test func theDefaultKeyStoreIsTheSecretServiceWhenOneAnswers() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.run(
            FixtureBuilder.fixturesDirectory + "/secret_service_account.sh",
            [PluginTesting.BuildProducts.linkstrExecutable, scratch.path], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Dictionary(uniqueKeysWithValues: result.stdout.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        })
        #expect(lines["create"]?.contains(#""key_store":"secret-service""#) == true)
        #expect(lines["files"] == "profiles.json profiles.lock ")  // no key file on disk
        #expect(lines["stored"] == "1")
        #expect(lines["reveal"]?.contains(#""nsec":"nsec1"#) == true)
        #expect(lines["after"] == "0")
    }

    /// Two homes with the same key in one Secret Service: logging out of the first removes its
    /// item only (items are cleared and looked up by profile id, not by npub).
    @Test func removingAKeyInOneHomeLeavesAnotherHomesItemForTheSameKey() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
        let result = try ProcessRunner.run(
            FixtureBuilder.fixturesDirectory + "/secret_service_two_homes.sh",
            [PluginTesting.BuildProducts.linkstrExecutable, scratch.path, nsec], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Dictionary(uniqueKeysWithValues: result.stdout.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        })
        #expect(lines["stored"] == "2", "\(result.stdout)")
        #expect(lines["after"] == "1", "\(result.stdout)")
        #expect(lines["second"]?.contains(#""nsec":"\#(nsec)""#) == true, "\(result.stdout)")
    }
}
