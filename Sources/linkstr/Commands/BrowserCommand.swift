import ArgumentParser
import Foundation
import Glibc
import LinkstrRuntime

/// `linkstr browser …`: web pages get window.nostr (NIP-07) with the account's key through the
/// linkstr browser extension and a native-messaging host.
struct BrowserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browser",
        abstract: "Sign in to Nostr web apps with your linkstr identity (NIP-07 browser extension).",
        discussion: """
            Load the extension in browser/extension (chrome://extensions, "Load unpacked"), then:

            Example:
              linkstr browser install
              linkstr browser uninstall
            """,
        subcommands: [Install.self, Uninstall.self, Host.self])
}

extension BrowserCommand {
    /// `linkstr browser install`: writes the launcher of `linkstr browser host` and the native-messaging
    /// manifests that let Chromium and Firefox start it for the linkstr extension.
    struct Install: ParsableCommand {
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
                Terminal.printJSON(Install.Record(launcher: launcher, manifests: manifests))
                return
            }
            var text = "wrote \(launcher)\n"
            for (browser, path) in manifests.sorted(by: { $0.key < $1.key }) { text += "wrote \(path) (\(browser))\n" }
            text += "load the extension in browser/extension (chrome://extensions, Developer mode, \"Load unpacked\"); "
                + "web pages then get window.nostr with your linkstr identity\n"
            Terminal.write(text)
        }
    }
}

extension BrowserCommand {
    /// `linkstr browser uninstall`: removes the manifests and the launcher `browser install` wrote. A
    /// file linkstr did not write is left alone.
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Remove the native-messaging manifests and the launcher `linkstr browser install` wrote.",
            discussion: """
                Nothing to remove is not an error. A manifest that linkstr did not write is refused.

                Example:
                  linkstr browser uninstall
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var browsers: BrowserManifestOptions

        func run() throws {
            let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: ProcessInfo.processInfo.environment)
            var removed: [String] = []
            for (_, folder) in browsers.folders() {
                let path = folder + "/" + BrowserNativeHost.manifestFileName
                guard let text = try IntegrationFile.read(path) else { continue }
                guard BrowserNativeHost.isOurs(text) else {
                    throw CLIFailure(.failed, "\(path) was not written by `linkstr browser install`; remove it yourself if you mean to")
                }
                try IntegrationFile.remove(path)
                removed.append(path)
            }
            let launcher = BrowserNativeHost.launcherPath(paths)
            if let text = try IntegrationFile.read(launcher), text.contains(BrowserNativeHost.launcherMarker) {
                try IntegrationFile.remove(launcher)
                removed.append(launcher)
            }
            if global.json {
                Terminal.printJSON(Uninstall.Record(removed: removed))
                return
            }
            Terminal.write(removed.isEmpty ? "nothing to remove\n" : removed.map { "removed \($0)\n" }.joined())
        }
    }
}

extension BrowserCommand {
    /// `linkstr browser host`: the native-messaging host the browser starts. Requests arrive on stdin
    /// and replies leave on stdout as native-messaging frames; anything else goes to stderr.
    struct Host: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "host",
            abstract: "Answer the linkstr browser extension over native messaging (started by the browser).",
            discussion: """
                The browser starts it through the launcher `linkstr browser install` writes. Chromium \
                passes the extension's origin (chrome-extension://ID/), Firefox the manifest path and the \
                extension id; both are accepted and not needed. Requests and replies are native-messaging \
                frames on stdin and stdout; messages go to stderr. Each request is answered as the profile \
                active at that moment (or --profile's), with that profile's permissions. A site's question \
                is asked in the linkstr app when one is open for this home (its Signer page), else with a \
                desktop notification.

                Example:
                  linkstr browser host --home ~/linkstr chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(parsing: .allUnrecognized, help: "What the browser passes (ignored).") var caller: [String] = []

        func run() async throws {
            StatusLine.shared.disable()
            let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: ProcessInfo.processInfo.environment)
            let store = BrowserPermissionStore(path: BrowserNativeHost.permissionsFile(paths))
            let handler: BrowserRequestHandler
            var follower: BrowserProfileFollower?
            var notifications: NotificationDispatcher?
            // The notifiers run on an app of their own: the account's app closes when the profile changes.
            let app = global.app()
            do throws(CLIFailure) {
                let host = try global.plugins(of: app)
                let rules: BrowserSettings
                do throws(LinkstrError) {
                    rules = try app.settings().browser
                } catch {
                    throw error.failure
                }
                let dispatcher = NotificationDispatcher.start(host: host)
                notifications = dispatcher
                let following = BrowserProfileFollower(configuration: global.runtimeConfiguration, accounts: try global.accounts()) { profile in
                    Terminal.say("the active profile is now '\(profile.name)' (\(profile.npub)); answering the browser as it")
                }
                follower = following
                handler = BrowserRequestHandler(
                    keys: BrowserKeyAccess { () throws(BrowserRequestError) in try await following.current() },
                    permissions: BrowserPermissions(
                        settings: rules, store: store,
                        prompt: AppPermissionPrompt(
                            address: AppPermissionPrompt.address(for: global.runtimeConfiguration),
                            fallback: NotificationPermissionPrompt(dispatcher: dispatcher), say: { Terminal.say($0) })))
            } catch {
                Terminal.say(error.message)
                let reason = error.message
                handler = BrowserRequestHandler(
                    keys: BrowserKeyAccess { () throws(BrowserRequestError) in throw BrowserRequestError(reason) },
                    permissions: BrowserPermissions(settings: BrowserSettings(), store: store, prompt: nil))
            }
            var failure: NativeMessageError?
            do {
                try await BrowserHost(channel: NativeMessageChannel(), handler: handler).run()
            } catch {
                failure = error
            }
            notifications?.stop()
            await follower?.close()
            await app.close()
            if let failure { throw CLIFailure(.failed, failure.description) }
        }
    }
}

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

extension BrowserCommand.Install {
    /// `{"manifests","launcher"}`: the manifest written for each browser, and the launcher they start.
    struct Record: Encodable {
        let launcher: String
        let manifests: [String: String]
    }
}

extension BrowserCommand.Uninstall {
    /// `{"removed"}`: the files removed.
    struct Record: Encodable {
        let removed: [String]
    }
}
