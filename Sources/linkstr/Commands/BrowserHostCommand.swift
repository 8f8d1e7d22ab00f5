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
            frames on stdin and stdout; messages go to stderr.

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
        var opened: AccountContext?
        var notifications: NotificationDispatcher?
        do {
            let context = try AccountContext.open(global)
            opened = context
            let dispatcher = NotificationDispatcher.start(host: context.host)
            notifications = dispatcher
            let profile = try? context.accounts.selectedProfile()
            let keys = profile.map { BrowserKeyAccess.unlessLocked(context.runtime.signer, profile: $0, accounts: context.accounts) }
            handler = BrowserRequestHandler(
                keys: keys ?? .always(context.runtime.signer),
                permissions: BrowserPermissions(
                    settings: context.host.configuration.browser, store: store, prompt: NotificationPermissionPrompt(dispatcher: dispatcher)),
                relays: context.runtime.relays)
        } catch {
            Terminal.say(error.message)
            let reason = error.message
            handler = BrowserRequestHandler(
                keys: BrowserKeyAccess { () throws(BrowserRequestError) in throw BrowserRequestError(reason) },
                permissions: BrowserPermissions(settings: BrowserSettings(), store: store, prompt: nil), relays: nil)
        }
        var failure: NativeMessageError?
        do {
            try await BrowserHost(channel: NativeMessageChannel(), handler: handler).run()
        } catch {
            failure = error
        }
        notifications?.stop()
        await opened?.close()
        if let failure { throw CLIFailure(.failed, failure.description) }
    }
}
