import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime

/// `linkstr browser host`: the native-messaging host the browser starts. Requests arrive on stdin
/// and replies leave on stdout as native-messaging frames; anything else goes to stderr.
struct BrowserHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Answer the linkstr browser extension over native messaging (started by the browser).",
        discussion: """
            The browser starts it through the launcher `linkstr browser install` writes. Chromium \
            passes the extension's origin (chrome-extension://ID/), Firefox the manifest path and the \
            extension id; both are accepted and not needed. Requests and replies are native-messaging \
            frames on stdin and stdout; messages go to stderr. Each request is answered as the profile \
            active at that moment (or --profile's), with that profile's permissions.

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
        do {
            // The notifiers run on a host of their own: the account's host closes when the profile changes.
            let host = try global.openHost()
            try global.loadPlugins(host)
            let dispatcher = NotificationDispatcher.start(host: host)
            notifications = dispatcher
            let following = BrowserProfileFollower(configuration: global.runtimeConfiguration, accounts: global.accounts(host)) { profile in
                Terminal.say("the active profile is now '\(profile.name)' (\(profile.npub)); answering the browser as it")
            }
            follower = following
            handler = BrowserRequestHandler(
                keys: BrowserKeyAccess { () throws(BrowserRequestError) in try await following.current() },
                permissions: BrowserPermissions(settings: host.configuration.browser, store: store, prompt: NotificationPermissionPrompt(dispatcher: dispatcher)))
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
        if let failure { throw CLIFailure(.failed, failure.description) }
    }
}
