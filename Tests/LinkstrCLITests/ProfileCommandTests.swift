import Foundation
import LinkstrProcess
import LinkstrRuntime
import NostrCore
import PluginTesting
import Testing
import TestSupport

/// `linkstr profile …` and `whoami` end to end: several identities in one home, one active, the
/// metadata public and the keys apart, edits from two processes at once, backups and the reminder.
@Suite struct ProfileCommandTests {
    private struct ProfileRow: Decodable, Equatable {
        var id: String
        var name: String
        var npub: String
        var active: Bool
        var backed_up: Bool
        var last_synced_at: String
    }

    private let nip19Nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
    private let nip19Npub = "npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg"

    private func linkstr(_ arguments: [String], _ home: String, environment: [String: String] = [:], stdin: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.linkstr(arguments + ["--home", home], environment: environment, stdin: stdin)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    private func profiles(_ home: String) throws -> [ProfileRow] {
        try decode([ProfileRow].self, try linkstr(["profile", "list", "--json"], home))
    }

    @Test func profilesAreAddedSwitchedRenamedAndRemoved() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        let alice = try decode([String: String].self, try linkstr(["account", "create", "--key-store", "plain", "--name", "Alice", "--json"], home))
        let work = try decode(ProfileRow.self, try linkstr(["profile", "add", "work", "--key-store", "plain", "--json"], home))
        let old = try decode(ProfileRow.self, try linkstr(["profile", "import", "old", "-", "--key-store", "plain", "--json"], home, stdin: nip19Nsec + "\n"))
        #expect(old.npub == nip19Npub)
        #expect(try profiles(home).map(\.name) == ["Alice", "work", "old"])
        #expect(try profiles(home).filter(\.active).map(\.name) == ["Alice"])
        #expect(Set(try profiles(home).map(\.id)).count == 3)

        let used = try decode(ProfileRow.self, try linkstr(["profile", "use", "work", "--json"], home))
        #expect(used.active && used.id == work.id)
        #expect(try profiles(home).filter(\.active).map(\.name) == ["work"])
        #expect(try decode([String: String].self, try linkstr(["account", "show", "--json"], home))["npub"] == work.npub)
        let asAlice = try ProcessRunner.linkstr(["--profile", "Alice", "--home", home, "account", "show", "--json"])
        #expect(try decode([String: String].self, asAlice)["npub"] == alice["npub"], "--profile acts as another without switching")
        #expect(try profiles(home).filter(\.active).map(\.name) == ["work"])

        let renamed = try decode(ProfileRow.self, try linkstr(["profile", "rename", "work", "job", "--json"], home))
        #expect(renamed.name == "job" && renamed.id == work.id && renamed.last_synced_at > work.last_synced_at)
        let taken = try linkstr(["profile", "rename", "job", "Alice"], home)
        #expect(taken.status == 2)
        #expect(taken.stderr == "linkstr: there is already a profile named 'Alice'; choose another name\n")
        let unknown = try linkstr(["account", "show", "--profile", "nobody"], home)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("there is no profile named 'nobody'"))
        let twice = try linkstr(["profile", "import", "again", "-", "--key-store", "plain"], home, stdin: nip19Nsec + "\n")
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("this home already has \(nip19Npub) as profile 'old'"))

        let removed = try linkstr(["profile", "remove", "old", "--yes", "--json"], home)
        #expect(removed.status == 0 && removed.stdout == "{\"ok\":true}\n", "\(removed.stderr)")
        #expect(try profiles(home).map(\.name) == ["Alice", "job"])
        #expect(!FileManager.default.fileExists(atPath: home + "/data/profiles/" + old.id))
    }

    /// The profile list is public (no secret in it, readable without a key) and private to the user
    /// (0600); each key is in its profile's folder.
    @Test func theMetadataHoldsNoSecretAndEachKeyHasItsFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        _ = try linkstr(["profile", "import", "one", "-", "--key-store", "plain"], home, stdin: nip19Nsec + "\n")
        let one = try #require(try profiles(home).first)
        #expect(one.active, "the first profile of a home becomes the active one")
        let list = try String(contentsOfFile: home + "/data/profiles.json", encoding: .utf8)
        #expect(!list.contains("nsec1"))
        #expect(list.contains(nip19Npub))
        let mode = try FileManager.default.attributesOfItem(atPath: home + "/data/profiles.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let key = try String(contentsOfFile: home + "/data/profiles/\(one.id)/key.nsec", encoding: .utf8)
        #expect(key.trimmingCharacters(in: .whitespacesAndNewlines) == nip19Nsec)
    }

    /// A home from before profiles (`account.json`, `key.nsec` in the data folder) keeps working: its
    /// account becomes the one active profile, silently.
    @Test func aHomeWithOneAccountBecomesItsActiveProfile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        scratch.folder("data")
        scratch.write(
            "data/account.json",
            #"{"created_at":1700000000,"key_store":"plain","name":"Bot","pubkey":"7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e"}"#)
        scratch.write("data/key.nsec", nip19Nsec + "\n")

        let shown = try linkstr(["account", "show", "--reveal-secret", "--json"], home)
        #expect(shown.stderr.isEmpty)
        #expect(try decode([String: String].self, shown)["nsec"] == nip19Nsec)
        let list = try profiles(home)
        #expect(list.map(\.name) == ["Bot"] && list.map(\.active) == [true] && list.map(\.npub) == [nip19Npub])
        #expect(!FileManager.default.fileExists(atPath: home + "/data/account.json"))
        #expect(!FileManager.default.fileExists(atPath: home + "/data/key.nsec"))
        #expect(FileManager.default.fileExists(atPath: home + "/data/profiles/\(list[0].id)/key.nsec"))
    }

    /// Two processes editing different profiles at the same moment: every edit of both survives
    /// (each reads, changes and writes the list under the lock).
    @Test func editsFromTwoProcessesAtOnceBothSurvive() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        _ = try linkstr(["profile", "add", "a0", "--key-store", "plain"], home)
        _ = try linkstr(["profile", "add", "b0", "--key-store", "plain"], home)
        let rounds = 12
        // Each loop in a shell of its own, both started before either is waited for (no shell job
        // control: the test runner's blocked signals are inherited).
        let loops = try ["a", "b"].map { prefix in
            try ChildProcess(
                "/bin/sh",
                [
                    "-c", "for i in $(seq 1 \(rounds)); do \"$0\" profile rename \(prefix)$((i - 1)) \(prefix)$i --home \"$1\" >/dev/null || exit 1; done",
                    BuildProducts.linkstrExecutable, home,
                ], environment: ProcessRunner.linkstrEnvironment())
        }
        #expect(loops.map { $0.wait() } == [.exited(0), .exited(0)], "\(loops.map(\.stderr))")
        #expect(try profiles(home).map(\.name) == ["a\(rounds)", "b\(rounds)"])
    }

    /// whoami needs no secret: it shows name, npub and a QR code that decodes to the npub, also
    /// when the key store cannot be opened (an ncryptsec key and no passphrase anywhere), and says
    /// it is locked.
    @Test func whoamiShowsTheNpubAndItsCodeWithoutTheKey() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        let passphrase = scratch.write("pass", "correct horse\n")
        let imported = try linkstr(
            ["profile", "import", "me", "-", "--key-store", "ncryptsec"], home, environment: ["LINKSTR_PASSPHRASE_FILE": passphrase], stdin: nip19Nsec + "\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        let locked = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable, "account", "show", "--reveal-secret", "--home", home],
            environment: ["PATH": "/usr/bin:/bin", "HOME": home])
        #expect(locked.status == 1, "the key store is locked: no passphrase and no terminal")

        let shown = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable, "whoami", "--qr", "--home", home], environment: ["PATH": "/usr/bin:/bin", "HOME": home])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("me  (locked; `linkstr unlock` unlocks it)\n\(nip19Npub)\nno published name; "), "\(shown.stdout)")
        #expect(try QRCodeReader.decode(terminalOutput: shown.stdout, scratch: scratch) == nip19Npub)
        // Piped without --qr: the three lines, no code.
        let piped = try linkstr(["whoami"], home)
        #expect(piped.stdout == "me  (locked; `linkstr unlock` unlocks it)\n\(nip19Npub)\nno published name; `linkstr account name NAME` publishes one\n")
        // On a terminal: the code.
        let onTerminal = try TerminalSession.linkstr(["whoami", "--home", home])
        #expect(onTerminal.status == 0 && onTerminal.screen.contains("█"), "\(onTerminal.screen)")

        let whoami = try linkstr(["whoami", "--json"], home)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(whoami.stdout.utf8)) as? [String: Any])
        let id = try #require(try profiles(home).first?.id)
        #expect(record["id"] as? String == id && record["name"] as? String == "me" && record["npub"] as? String == nip19Npub)
        #expect(record["pubkey"] as? String == "7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e")
        #expect(record["locked"] as? Bool == true, "a passphrase protects the key and no agent holds it")
    }

    /// `whoami --copy` hands the npub to wl-copy under Wayland (here a stand-in that records its stdin).
    @Test func whoamiCopyPutsTheNpubOnTheClipboard() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        _ = try linkstr(["profile", "import", "me", "-", "--key-store", "plain"], home, stdin: nip19Nsec + "\n")
        let bin = scratch.folder("bin")
        let clipboard = scratch.file("clipboard")
        scratch.write("bin/wl-copy", "#!/bin/sh\ncat > \(clipboard)\n")
        chmod(bin + "/wl-copy", 0o755)
        let copied = try linkstr(["whoami", "--copy", "--json"], home, environment: ["WAYLAND_DISPLAY": "wayland-0", "PATH": bin + ":/usr/bin:/bin"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(try String(contentsOfFile: clipboard, encoding: .utf8) == nip19Npub)
        #expect(copied.stdout.hasPrefix("{"), "--json prints only the record")
    }

    /// `profile backup` writes an ncryptsec of the key under the backup's passphrase and marks the
    /// profile backed up.
    @Test func aBackupDecryptsToTheKeyAndMarksTheProfile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        _ = try linkstr(["profile", "import", "me", "-", "--key-store", "plain"], home, stdin: nip19Nsec + "\n")
        #expect(try profiles(home).map(\.backed_up) == [false])
        let file = scratch.file("me.ncryptsec")
        let backup = try decode(ProfileRow.self, try linkstr(["profile", "backup", "--output", file, "--passphrase-stdin", "--json"], home, stdin: "backup words\n"))
        #expect(backup.backed_up)
        #expect(try profiles(home).map(\.backed_up) == [true])
        let text = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.hasPrefix("ncryptsec1"))
        #expect(try NIP49.decrypt(text, password: "backup words").secretKey.nsec == nip19Nsec)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A person at a terminal is reminded, once a day, of an active profile never backed up; not
    /// after a backup.
    @Test func theBackupReminderComesOnceADayAndEndsWithABackup() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        _ = try linkstr(["profile", "import", "me", "-", "--key-store", "plain"], home, stdin: nip19Nsec + "\n")
        let first = try TerminalSession.linkstr(["profile", "list", "--home", home])
        #expect(first.screen.contains("profile 'me' was never backed up"), "\(first.screen)")
        let second = try TerminalSession.linkstr(["profile", "list", "--home", home])
        #expect(!second.screen.contains("never backed up"), "once a day: \(second.screen)")
        #expect(try String(contentsOfFile: home + "/data/profiles.json", encoding: .utf8).contains("backup_warned_at"), "kept in the metadata")

        try remindedLongAgo(home)
        let nextDay = try TerminalSession.linkstr(["profile", "list", "--home", home])
        #expect(nextDay.screen.contains("profile 'me' was never backed up"), "a day later: \(nextDay.screen)")

        _ = try linkstr(["profile", "backup", "me", "--passphrase-stdin"], home, stdin: "backup words\n")
        try remindedLongAgo(home)
        let after = try TerminalSession.linkstr(["profile", "list", "--home", home])
        #expect(!after.screen.contains("never backed up"))
    }

    /// Moves the last reminder of every profile two days back.
    private func remindedLongAgo(_ home: String) throws {
        let path = home + "/data/profiles.json"
        var list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var rows = try #require(list["profiles"] as? [[String: Any]])
        for index in rows.indices { rows[index]["backup_warned_at"] = "2020-01-01T00:00:00.000Z" }
        list["profiles"] = rows
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: path))
    }
}
