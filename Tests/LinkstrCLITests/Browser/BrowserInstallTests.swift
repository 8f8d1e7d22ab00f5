import Foundation
import PluginTesting
import Testing

/// `linkstr browser install` / `uninstall`: the native-messaging manifests and their launcher.
@Suite struct BrowserInstallTests {
    private static let manifestName = "org.linkstr.browser.json"

    private func environment(_ scratch: TestScratch) -> [String: String] {
        ["HOME": scratch.folder("user"), "XDG_CONFIG_HOME": scratch.folder("user/.config")]
    }

    private func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The Chromium id of the extension in browser/extension: the first 16 bytes of the SHA-256 of
    /// its public key, each hex digit written as a letter from a to p.
    private func repositoryExtensionID() throws -> String {
        let program = """
            import base64, hashlib, json, sys
            key = base64.b64decode(json.load(open(sys.argv[1]))["key"])
            print("".join(chr(ord("a") + int(digit, 16)) for digit in hashlib.sha256(key).hexdigest()[:32]))
            """
        let result = try ProcessRunner.run("/usr/bin/python3", ["-c", program, FixtureBuilder.repositoryRoot + "/browser/extension/manifest.json"])
        guard result.status == 0 else { throw TestFailure("cannot compute the extension id: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func writesALauncherAndBothBrowsersManifestsThatAllowTheRepositorysExtension() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("a home")
        let result = try ProcessRunner.linkstr(["browser", "install", "--home", home, "--json"], environment: environment(scratch))
        #expect(result.status == 0, "\(result.stderr)")
        let reported = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let launcher = home + "/data/browser/linkstr-browser-host"
        #expect(reported["launcher"] as? String == launcher)
        let chromium = scratch.path + "/user/.config/chromium/NativeMessagingHosts/" + Self.manifestName
        let firefox = scratch.path + "/user/.mozilla/native-messaging-hosts/" + Self.manifestName
        #expect(reported["manifests"] as? [String: String] == ["chromium": chromium, "firefox": firefox])

        let chromiumManifest = try json(chromium)
        #expect(chromiumManifest["name"] as? String == "org.linkstr.browser")
        #expect(chromiumManifest["type"] as? String == "stdio")
        #expect(chromiumManifest["path"] as? String == launcher)
        #expect(chromiumManifest["allowed_origins"] as? [String] == ["chrome-extension://\(try repositoryExtensionID())/"])
        let firefoxManifest = try json(firefox)
        #expect(firefoxManifest["path"] as? String == launcher)
        #expect(firefoxManifest["allowed_extensions"] as? [String] == ["browser@linkstr.org"])

        let script = try String(contentsOfFile: launcher, encoding: .utf8)
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("exec '\(BuildProducts.linkstrExecutable)' 'browser' 'host' '--home' '\(home)' \"$@\"\n"))
        #expect(FileManager.default.isExecutableFile(atPath: launcher))

        let removed = try ProcessRunner.linkstr(["browser", "uninstall", "--home", home], environment: environment(scratch))
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "removed \(chromium)\nremoved \(firefox)\nremoved \(launcher)\n")
        #expect(![chromium, firefox, launcher].contains { FileManager.default.fileExists(atPath: $0) })
        let again = try ProcessRunner.linkstr(["browser", "uninstall", "--home", home], environment: environment(scratch))
        #expect(again.status == 0 && again.stdout == "nothing to remove\n", "\(again.stderr)")
    }

    @Test func writesIntoAChromiumProfileFolderForAnotherExtensionID() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let profile = scratch.folder("chromium-profile")
        let otherID = String(repeating: "b", count: 32)
        let result = try ProcessRunner.linkstr(
            ["browser", "install", "--chromium", "--user-data-dir", profile, "--extension-id", otherID, "--home", scratch.folder("home")],
            environment: environment(scratch))
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = profile + "/NativeMessagingHosts/" + Self.manifestName
        #expect(result.stdout.contains("wrote \(manifest) (chromium)\n"))
        #expect(try json(manifest)["allowed_origins"] as? [String] == ["chrome-extension://\(otherID)/"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/user/.mozilla/native-messaging-hosts/" + Self.manifestName))

        let badID = try ProcessRunner.linkstr(["browser", "install", "--extension-id", "xyz", "--home", scratch.path], environment: environment(scratch))
        #expect(badID.status == 2)
        #expect(badID.stderr.contains("--extension-id must be a Chromium extension id: 32 letters from a to p"))
    }

    @Test func uninstallLeavesAManifestLinkstrDidNotWrite() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        scratch.folder("user/.mozilla/native-messaging-hosts")
        let foreign = scratch.write("user/.mozilla/native-messaging-hosts/" + Self.manifestName, #"{"name": "org.linkstr.browser", "path": "/usr/bin/other"}"#)
        let result = try ProcessRunner.linkstr(["browser", "uninstall", "--firefox", "--home", scratch.folder("home")], environment: environment(scratch))
        #expect(result.status == 1)
        #expect(result.stderr == "linkstr: \(foreign) was not written by `linkstr browser install`; remove it yourself if you mean to\n")
        #expect(FileManager.default.fileExists(atPath: foreign))
    }
}
