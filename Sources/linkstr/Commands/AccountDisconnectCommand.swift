import ArgumentParser
import LinkstrRuntime

struct AccountDisconnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disconnect", abstract: "Forget the session key of the account's remote signer (the account and its data stay).",
        discussion: """
            The account cannot sign or read new posts until it is connected again with
            `linkstr account connect bunker://…`, which finds it and keeps its sessions.

            Example:
              linkstr account disconnect
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let host = try global.openHost()
        do {
            _ = try global.accounts(host).disconnectRemote()
        } catch {
            throw error.failure
        }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("disconnected from the remote signer\n") }
    }
}
