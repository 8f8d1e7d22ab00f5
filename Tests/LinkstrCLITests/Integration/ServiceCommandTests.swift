import Foundation
import PluginTesting
import Testing

/// `linkstr service install` / `uninstall`: the systemd user unit that runs `linkstr watch`.
@Suite struct ServiceCommandTests {
    @Test(
        .enabled(
            if: ValidatorTool.isInstalled(ValidatorTool.systemdAnalyze),
            "systemd-analyze is not installed (Debian package systemd; scripts/bootstrap.sh installs it)"))
    func writesAUnitThatSystemdAnalyzeAccepts() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // A home with a space and a percent sign: both need escaping in ExecStart=.
        let home = scratch.folder("my home 100%")
        let units = scratch.file("units")
        let result = try ProcessRunner.linkstr(["service", "install", "--home", home, "--unit-dir", units, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let unitPath = units + "/linkstr.service"
        #expect(object["unit"] as? String == unitPath)
        #expect(object["exec_start"] as? [String] == [BuildProducts.linkstrExecutable, "watch", "--home", home])

        let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
        #expect(unit.contains("ExecStart=\(BuildProducts.linkstrExecutable) watch --home \"\(home.replacingOccurrences(of: "%", with: "%%"))\"\n"))
        #expect(unit.contains("Restart=on-failure\n"))
        #expect(unit.contains("StandardOutput=journal\n"))
        #expect(unit.contains("WantedBy=default.target\n"))

        #expect(try verify(unitPath, scratch: scratch) == [], "\(unit)")

        // The check has teeth: a bad value and a missing program are both reported.
        let broken = scratch.write("units/broken.service", unit.replacingOccurrences(of: "Restart=on-failure", with: "Restart=sometimes"))
        #expect(try verify(broken, scratch: scratch).contains { $0.contains("restart specifier") })
        let missing = scratch.write("units/missing.service", unit.replacingOccurrences(of: "ExecStart=/", with: "ExecStart=/nonexistent/"))
        #expect(try verify(missing, scratch: scratch).contains { $0.contains("is not executable") })
    }

    /// The service reads the passphrase file at every start: one others can read is refused at install.
    @Test func aPassphraseFileOthersCanReadIsRefusedAtInstall() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let passphrase = scratch.write("pass", "correct horse\n")
        chmod(passphrase, 0o644)
        let units = scratch.file("units")
        let refused = try ProcessRunner.linkstr(
            ["service", "install", "--home", scratch.folder("home"), "--unit-dir", units, "--passphrase-file", passphrase])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("(\(passphrase)) can be read by others (mode 644); run `chmod go-rwx \(passphrase)`"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: units + "/linkstr.service"))
        chmod(passphrase, 0o600)
        let installed = try ProcessRunner.linkstr(
            ["service", "install", "--home", scratch.folder("home"), "--unit-dir", units, "--passphrase-file", passphrase])
        #expect(installed.status == 0, "\(installed.stderr)")
    }

    /// Runs `systemd-analyze --user verify` on one unit file and returns its complaints about that
    /// unit (the machine's own units may draw warnings of their own, which are not this test's business).
    private func verify(_ unitPath: String, scratch: TestScratch) throws -> [String] {
        // The user manager's runtime folder, which a machine without a login session lacks; short,
        // because socket units put socket paths inside it.
        var template = Array("/tmp/linkstr-run-XXXXXX".utf8CString)
        let runtime = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        // --man=no: the Documentation= man page is installed by `make install`, not by the build.
        let result = try ProcessRunner.run(
            ValidatorTool.systemdAnalyze, ["--user", "--man=no", "verify", unitPath],
            environment: ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.folder("config"), "XDG_RUNTIME_DIR": runtime])
        let name = (unitPath as NSString).lastPathComponent
        let complaints = (result.stdout + result.stderr).split(separator: "\n").map(String.init).filter { $0.contains(name) }
        if result.status != 0 && complaints.isEmpty { return ["systemd-analyze exited \(result.status): \(result.stderr)"] }
        return complaints
    }

    @Test func defaultsToTheXDGConfigFolderAndTakesAName() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let config = scratch.folder("xdg-config")
        // No systemctl on PATH: the command must not touch the machine's real user manager.
        let environment = ["XDG_CONFIG_HOME": config, "PATH": try ValidatorTool.pathFolder(in: scratch, with: [])]
        let result = try ProcessRunner.linkstr(
            ["service", "install", "--home", scratch.folder("home"), "--name", "linkstr-bot"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let unitPath = config + "/systemd/user/linkstr-bot.service"
        #expect(FileManager.default.fileExists(atPath: unitPath))
        #expect(result.stdout.contains("wrote \(unitPath)\n"))
        #expect(result.stdout.contains("systemctl --user enable --now linkstr-bot.service"))

        let bad = try ProcessRunner.linkstr(["service", "install", "--name", "no/slash"], environment: environment)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'no/slash' is not a valid unit name"))

        let removed = try ProcessRunner.linkstr(["service", "uninstall", "--name", "linkstr-bot"], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: unitPath))
    }

    /// A key a passphrase protects: install says what the service needs (an unlock per login
    /// session, or --passphrase-file) and names the profiles in --json; with a passphrase file it
    /// needs nothing.
    @Test func sayWhatTheServiceNeedsForAKeyUnderAPassphrase() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
        #expect(try ProcessRunner.linkstr(["profile", "import", "Alice", "-", "--key-store", "plain", "--home", home], stdin: nsec + "\n").status == 0)
        let plain = try ProcessRunner.linkstr(["service", "install", "--home", home, "--unit-dir", scratch.file("units"), "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["needs_unlock"] as? [String] == [])

        #expect(try ProcessRunner.linkstr(["profile", "passphrase", "--passphrase-stdin", "--home", home], stdin: "correct horse\n").status == 0)
        let locked = try ProcessRunner.linkstr(["service", "install", "--home", home, "--unit-dir", scratch.file("units")])
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(locked.stderr.contains("a passphrase protects the key of 'Alice', and the service has none: it opens your messages only after `linkstr unlock`"),
                "\(locked.stderr)")
        #expect(locked.stderr.contains("The auto-lock does not stop it; `linkstr lock` does") && locked.stderr.contains("--passphrase-file FILE"))
        let json = try ProcessRunner.linkstr(["service", "install", "--home", home, "--unit-dir", scratch.file("units"), "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["needs_unlock"] as? [String] == ["Alice"])
        let withFile = try ProcessRunner.linkstr(
            ["service", "install", "--home", home, "--unit-dir", scratch.file("units"), "--passphrase-file", scratch.write("passphrase", "correct horse\n")])
        #expect(withFile.status == 0 && !withFile.stderr.contains("a passphrase protects"), "\(withFile.stderr)")
    }

    @Test func uninstallRemovesOnlyAUnitLinkstrWrote() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let units = scratch.folder("units")
        let missing = try ProcessRunner.linkstr(["service", "uninstall", "--unit-dir", units])
        #expect(missing.status == 0)
        #expect(missing.stdout == "nothing to remove: there is no \(units)/linkstr.service\n")

        let foreign = scratch.write("units/linkstr.service", "[Service]\nExecStart=/bin/true\n")
        let refused = try ProcessRunner.linkstr(["service", "uninstall", "--unit-dir", units])
        #expect(refused.status == 1)
        #expect(refused.stderr == "linkstr: \(foreign) was not written by `linkstr service install`; remove it yourself if you mean to\n")
        #expect(FileManager.default.fileExists(atPath: foreign))

        try FileManager.default.removeItem(atPath: foreign)
        #expect(try ProcessRunner.linkstr(["service", "install", "--unit-dir", units]).status == 0)
        let removed = try ProcessRunner.linkstr(["service", "uninstall", "--unit-dir", units, "--json"])
        #expect(removed.status == 0)
        #expect(removed.stdout == "{\"removed\":true,\"unit\":\"\(units)/linkstr.service\"}\n")
        #expect(!FileManager.default.fileExists(atPath: foreign))
    }

    @Test func refusesAnExecutableThatDoesNotExist() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["service", "install", "--unit-dir", scratch.path, "--exec", scratch.file("nope")])
        #expect(result.status == 2)
        #expect(result.stderr == "linkstr: \(scratch.file("nope")) is not an executable file; pass the linkstr program with --exec\n")
    }
}
