import ArgumentParser
import Foundation
import Glibc
import LinkstrHost

/// `linkstr browser install`: writes the launcher of `linkstr browser host` and the native-messaging
/// manifests that let Chromium and Firefox start it for the linkstr extension.
struct BrowserInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Let Chromium and Firefox start linkstr for the linkstr browser extension.",
        discussion: """
            Writes a launcher for `linkstr browser host` (this linkstr program or --exec, with the same \
            --home and --config) and the native-messaging manifests: Chromium's in \
            ~/.config/chromium/NativeMessagingHosts (or <--user-data-dir>/NativeMessagingHosts), \
            Firefox's in ~/.mozilla/native-messaging-hosts.

            Example:
              linkstr browser install
              linkstr browser install --chromium --user-data-dir ~/.config/chromium-work
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var browsers: BrowserManifestOptions
    @Option(help: ArgumentHelp("The Chromium extension id to allow (default: the one in browser/extension).", valueName: "id"))
    var extensionID: String?
    @Option(help: ArgumentHelp("Run this linkstr program instead of the one running now.", valueName: "path"))
    var exec: String?

    func validate() throws {
        if let extensionID, extensionID.count != 32 || !extensionID.allSatisfy({ $0 >= "a" && $0 <= "p" }) {
            throw ValidationError("--extension-id must be a Chromium extension id: 32 letters from a to p")
        }
    }

    func run() throws {
        let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: ProcessInfo.processInfo.environment)
        let host = BrowserNativeHost(
            executable: try RunningExecutable.path(override: exec), home: paths.home, configFile: global.config.map { _ in paths.configFile })
        let launcher = BrowserNativeHost.launcherPath(paths)
        try IntegrationFile.write(host.launcherText, to: launcher)
        guard chmod(launcher, 0o755) == 0 else { throw CLIFailure(.failed, "cannot make \(launcher) executable: \(String(cString: strerror(errno)))") }
        var manifests: [String: String] = [:]
        for (browser, folder) in browsers.folders() {
            let path = folder + "/" + BrowserNativeHost.manifestFileName
            let text = browser == "firefox"
                ? BrowserNativeHost.firefoxManifest(launcher: launcher, extensionID: BrowserNativeHost.firefoxExtensionID)
                : BrowserNativeHost.chromiumManifest(launcher: launcher, extensionID: extensionID ?? BrowserNativeHost.chromiumExtensionID)
            try IntegrationFile.write(text, to: path)
            manifests[browser] = path
        }
        if global.json {
            Terminal.printJSON(["launcher": launcher, "manifests": manifests])
            return
        }
        var text = "wrote \(launcher)\n"
        for (browser, path) in manifests.sorted(by: { $0.key < $1.key }) { text += "wrote \(path) (\(browser))\n" }
        text += "load the extension in browser/extension (chrome://extensions, Developer mode, \"Load unpacked\"); "
            + "web pages then get window.nostr with your linkstr identity\n"
        Terminal.write(text)
    }
}
