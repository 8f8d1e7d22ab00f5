import Foundation
import LinkstrRuntime
import PluginTesting
import Testing

/// `linkstr profile passphrase`, `unlock` and `lock` end to end: the keys under a master
/// passphrase, unlocked once into the agent, used by commands that have no passphrase source, and
/// locked again. Commands run without a terminal (setsid) and without LINKSTR_PASSPHRASE_FILE.
@Suite(.timeLimit(.minutes(2))) struct LockCommandTests {
    private let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"

    /// `linkstr ARGUMENTS --home HOME` with no terminal and no passphrase source.
    private func detached(_ arguments: [String], _ home: String, stdin: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable] + arguments + ["--home", home],
            environment: ProcessRunner.linkstrEnvironment(), stdin: stdin)
    }

    private func record(_ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    @Test func unlockOnceThenCommandsNeedNoPassphraseUntilLock() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        defer { HomeUnlockAgent.stop(home) }
        #expect(try detached(["profile", "import", "Alice", "-", "--key-store", "plain"], home, stdin: nsec + "\n").status == 0)
        #expect(try detached(["profile", "add", "work", "--key-store", "plain"], home).status == 0)

        let set = try record(try detached(["profile", "passphrase", "--passphrase-stdin", "--json"], home, stdin: "correct horse\n"))
        #expect(set["profiles"] as? [String] == ["Alice", "work"])
        let lockFile = home + "/data/lock.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: lockFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try !String(contentsOfFile: lockFile, encoding: .utf8).contains("correct horse"))
        let keyFiles = ProfileKeyFile.paths(home: home, name: "key.ncryptsec")
        #expect(keyFiles.count == 2, "the plain keys became ncryptsec files")
        for file in keyFiles { #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("ncryptsec1")) }
        #expect(ProfileKeyFile.paths(home: home, name: "key.nsec").isEmpty, "no plain key is left")

        let lockedRead = try detached(["sessions", "--json"], home)
        #expect(lockedRead.status == 1)
        #expect(lockedRead.stderr.contains("profile 'Alice' is locked and there is no terminal to ask for its passphrase: run `linkstr unlock`"), "\(lockedRead.stderr)")
        #expect(try record(try detached(["whoami", "--json"], home))["locked"] as? Bool == true)

        let wrong = try detached(["unlock", "--passphrase-stdin"], home, stdin: "wrong horse\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("wrong passphrase"), "\(wrong.stderr)")

        let unlocked = try record(try detached(["unlock", "--passphrase-stdin", "--json"], home, stdin: "correct horse\n"))
        #expect(unlocked["unlocked"] as? [String] == ["Alice", "work"])
        #expect(unlocked["until"] is String, "auto_lock_minutes is 15 by default")
        let read = try detached(["sessions", "--json"], home)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "[]\n")
        #expect(try record(try detached(["whoami", "--json"], home))["locked"] as? Bool == false)
        let revealed = try record(try detached(["account", "show", "--reveal-secret", "--json"], home))
        #expect(revealed["nsec"] as? String == nsec, "the key the agent hands out is the profile's")

        var folder = stat()
        var socket = stat()
        let address = HomeUnlockAgent.address(home)
        #expect(lstat(address.folder, &folder) == 0 && lstat(address.socketPath, &socket) == 0)
        #expect(folder.st_mode & 0o777 == 0o700 && socket.st_mode & 0o777 == 0o600)

        let locked = try detached(["lock"], home)
        #expect(locked.status == 0 && locked.stdout == "locked\n", "\(locked.stderr)")
        let again = try detached(["sessions", "--json"], home)
        #expect(again.status == 1)
        #expect(again.stderr.contains("run `linkstr unlock`"), "\(again.stderr)")
        #expect(try record(try detached(["whoami", "--json"], home))["locked"] as? Bool == true)

        // The agent runs detached, in a session of its own, and ends on SIGTERM.
        let pid = try #require(try UnlockAgentClient(address: address).request(UnlockAgentMessage(.status))?.pid)
        #expect(getsid(pid) == pid)
        kill(pid, SIGTERM)
        var waited = 0
        while kill(pid, 0) == 0, waited < 100 {
            usleep(20_000)
            waited += 1
        }
        #expect(kill(pid, 0) != 0, "the agent ended")
    }

    @Test func aHomeWhoseKeysNeedNoPassphraseHasNothingToLock() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        #expect(try detached(["profile", "import", "Alice", "-", "--key-store", "plain"], home, stdin: nsec + "\n").status == 0)
        let lock = try detached(["lock"], home)
        #expect(lock.status == 1)
        #expect(lock.stderr.contains("there is nothing to lock: no key of this home needs a passphrase; set a master passphrase with `linkstr profile passphrase`"),
                "\(lock.stderr)")
        #expect(try detached(["unlock", "--passphrase-stdin"], home, stdin: "anything\n").status == 1)
    }

    @Test func aKeyAddedUnderAMasterPassphraseMustUseIt() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        #expect(try detached(["profile", "import", "Alice", "-", "--key-store", "plain"], home, stdin: nsec + "\n").status == 0)
        #expect(try detached(["profile", "passphrase", "--passphrase-stdin"], home, stdin: "correct horse\n").status == 0)
        let other = try ProcessRunner.linkstr(
            ["profile", "add", "work", "--key-store", "ncryptsec", "--home", home], environment: ["LINKSTR_PASSPHRASE_FILE": scratch.write("other", "other\n")])
        #expect(other.status == 1)
        #expect(other.stderr.contains("that is not this home's master passphrase"), "\(other.stderr)")
        let same = try ProcessRunner.linkstr(
            ["profile", "add", "work", "--key-store", "ncryptsec", "--home", home], environment: ["LINKSTR_PASSPHRASE_FILE": scratch.write("same", "correct horse\n")])
        #expect(same.status == 0, "\(same.stderr)")
    }

    /// Under a master passphrase a Secret Service item holds the key's ncryptsec, not the key
    /// (a real gnome-keyring on a private bus): the profile is locked until `unlock`.
    @Test func aSecretServiceKeyIsKeptAsAnNcryptsecUnderTheMasterPassphrase() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        defer { HomeUnlockAgent.stop(scratch.path + "/linkstr") }
        let result = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", FixtureBuilder.fixturesDirectory + "/secret_service_lock.sh", BuildProducts.linkstrExecutable, scratch.path],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Dictionary(uniqueKeysWithValues: result.stdout.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        })
        #expect(lines["create"]?.contains(#""key_store":"secret-service""#) == true, "\(result.stdout)")
        #expect(lines["lock-before"]?.contains("there is nothing to lock") == true, "a raw key in the Secret Service needs no passphrase")
        #expect(lines["item"] == "ncryptsec1", "the item holds the ncryptsec now")
        #expect(lines["whoami-locked"]?.contains(#""locked":true"#) == true)
        #expect(lines["unlock"]?.contains(#""unlocked":["default"]"#) == true, "\(result.stdout)")
        #expect(lines["reveal"]?.contains(#""nsec":"nsec1"#) == true, "\(result.stderr)")
        #expect(lines["lock"] == "locked")
        #expect(lines["whoami-relocked"]?.contains(#""locked":true"#) == true)
    }
}
