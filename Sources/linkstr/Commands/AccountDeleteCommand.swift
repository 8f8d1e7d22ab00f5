import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct AccountDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete the account: empty follow list and a request to vanish on the relays, then all local data.",
        discussion: """
            Two steps: run it once to see what happens and your npub, then again with --confirm NPUB.
            It is refused while no relay accepts the requests; nothing local is deleted then.

            Example:
              linkstr account delete
              linkstr account delete --confirm npub1…
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Your npub, to confirm.", valueName: "npub")) var confirm: String?

    func run() async throws {
        let context = try AccountContext.open(global, connects: confirm != nil)
        defer { context.host.stop() }
        let npub = context.runtime.me.npub
        guard let confirm else {
            throw CLIFailure(
                .usage,
                "this publishes an empty follow list and a request to vanish to your relays, then deletes the key and every local record of \(npub). To go ahead, run: linkstr account delete --confirm \(npub)")
        }
        guard confirm.trimmingCharacters(in: .whitespaces) == npub else {
            throw CLIFailure(.usage, "--confirm \(confirm) does not match this account (\(npub)); nothing was deleted")
        }
        try await context.connect(forWriting: true)
        let opened = context.opened
        try await context.run { _ throws(RuntimeError) in try await opened.deleteAccount() }
        await context.close()
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("account deleted\n") }
    }
}
