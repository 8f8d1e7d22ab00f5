import ArgumentParser
import LinkstrRuntime
import NostrCore

struct SignerForgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget", abstract: "Withdraw a client's approval: it must connect again with a new bunker link.",
        discussion: """
            Example:
              linkstr signer forget npub1…
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The client's key (npub or hex), as `linkstr signer clients` shows it.") var client: String

    func run() async throws {
        guard let key = (try? PublicKey(npub: client)) ?? (try? PublicKey(hex: client.lowercased())) else {
            throw CLIFailure(.usage, "'\(client)' is not a client key; use the npub or hex key that `linkstr signer clients` shows")
        }
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let forgotten = try await context.run { runtime throws(RuntimeError) in try await runtime.forgetBunkerClient(key) }
        guard forgotten else { throw CLIFailure(.usage, "\(key.npub) is not an approved client; `linkstr signer clients` lists them") }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("forgot \(key.npub)\n") }
    }
}
