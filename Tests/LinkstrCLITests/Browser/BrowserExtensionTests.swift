import Foundation
import PluginTesting
import Testing

/// The extension in browser/extension, loaded unpacked in headless Chromium (Selenium with the
/// Debian chromedriver): a local page signs an event with window.nostr through `linkstr browser
/// host`, a site without permission is refused, a page cannot load the extension's files to detect
/// it, and a plain-http site other than localhost gets no window.nostr.
@Suite(.timeLimit(.minutes(1))) struct BrowserExtensionTests {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static var installed: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }

    @Test(.enabled(if: installed, "chromium and chromium-driver are not installed (Debian packages; scripts/bootstrap.sh installs them)"))
    func aPageSignsAnEventWithTheAccountsKeyAndAnotherSiteIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let (port, otherPort) = (FreePort.next(), FreePort.next())
        let site = "http://127.0.0.1:\(port)"
        let home = try LinkstrHome.create(
            scratch, "home", relays: [], config: "notifiers = []\n[browser]\nallow = [\"\(site):getPublicKey\", \"\(site):signEvent:1\"]\n")
        let profile = scratch.folder("chromium-profile")
        let install = try ProcessRunner.linkstr(["browser", "install", "--chromium", "--user-data-dir", profile, "--home", home.path])
        #expect(install.status == 0, "\(install.stderr)")

        let run = try ProcessRunner.run(
            ExternalProcess.python,
            [
                ExternalProcess.packageRoot + "/Tests/Support/browser_nip07.py", "--extension", ExternalProcess.packageRoot + "/browser/extension",
                "--profile", profile, "--port", String(port), "--other-port", String(otherPort), "--chromium", Self.chromium,
                "--chromedriver", Self.chromedriver,
            ],
            environment: ProcessRunner.linkstrEnvironment(["HOME": scratch.folder("user")]), timeout: 50)
        #expect(run.status == 0, "\(run.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)\(run.stderr)")

        #expect((outcome["pubkey"] as? [String: Any])?["result"] as? String == home.pubkey, "\(outcome)")
        let signed = try #require((outcome["event"] as? [String: Any])?["result"] as? [String: Any], "\(outcome)")
        #expect(signed["pubkey"] as? String == home.pubkey)
        #expect(signed["content"] as? String == "signed by linkstr in Chromium")
        #expect(outcome["verified"] as? Bool == true, "nostr-sdk did not verify \(signed)")
        let refused = try #require((outcome["refused"] as? [String: Any])?["error"] as? String, "\(outcome)")
        #expect(refused.contains("http://127.0.0.1:\(otherPort) wants to know your public key (profile 'default'), and there is no way to ask you"))
        #expect(outcome["detected"] as? Bool == false, "a page could load a file of the extension: \(outcome)")
        #expect((outcome["plain_http"] as? [String: Any])?["error"] as? String == "window.nostr never appeared", "\(outcome)")
    }
}
