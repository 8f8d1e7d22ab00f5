import ArgumentParser
import LinkstrRuntime

struct SignerClientsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients", abstract: "List the Nostr clients approved to use this account's key, with what each may do.",
        discussion: """
            Example:
              linkstr signer clients --json
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let clients = try await context.run { runtime throws(RuntimeError) in try await runtime.bunkerClients() }
        if global.json {
            Terminal.printJSON(clients.map(JSONRecords.bunkerClient))
        } else if clients.isEmpty {
            Terminal.write("no client is approved; `linkstr signer serve` prints a link for one\n")
        } else {
            for client in clients {
                Terminal.write("\(client.label)  \(client.permissions.summary)  since \(ISOTime.string(client.approvedAt))\n")
            }
        }
    }
}
