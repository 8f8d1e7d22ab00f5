import ArgumentParser
import Foundation

/// Which browsers `browser install` and `browser uninstall` work on, and where their manifests go.
struct BrowserManifestOptions: ParsableArguments {
    @Flag(help: "Chromium (with --firefox: both; neither: both).") var chromium = false
    @Flag(help: "Firefox.") var firefox = false
    @Option(help: ArgumentHelp("Chromium's profile folder (--user-data-dir) instead of ~/.config/chromium.", valueName: "dir"))
    var userDataDir: String?

    /// The manifests' folders, by browser, for the browsers chosen.
    func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [(browser: String, folder: String)] {
        let both = chromium == firefox
        var folders: [(browser: String, folder: String)] = []
        if chromium || both {
            let profile = userDataDir.map(IntegrationFile.absolute) ?? UserDirectories(environment: environment).configHome + "/chromium"
            folders.append((browser: "chromium", folder: profile + "/NativeMessagingHosts"))
        }
        if firefox || both {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            folders.append((browser: "firefox", folder: home + "/.mozilla/native-messaging-hosts"))
        }
        return folders
    }
}
