import ArgumentParser

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
        subcommands: [BrowserInstallCommand.self, BrowserUninstallCommand.self, BrowserHostCommand.self])
}
