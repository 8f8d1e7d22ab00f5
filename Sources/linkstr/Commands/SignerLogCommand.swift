import ArgumentParser
import LinkstrRuntime

struct SignerLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "What the bunker did with this account's key: client, method, kind, event id and time.",
        discussion: """
            Oldest first. Texts that were encrypted or decrypted are never logged.

            Example:
              linkstr signer log --limit 20
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only the last N entries.") var limit: Int?

    func run() async throws {
        if let limit, limit <= 0 { throw CLIFailure(.usage, "--limit must be a positive number of entries") }
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let entries = try await context.run { [limit] runtime throws(RuntimeError) in try await runtime.bunkerLog(limit: limit) }
        if global.json {
            Terminal.printJSON(entries.map(JSONRecords.bunkerLogEntry))
            return
        }
        for entry in entries {
            let what = entry.kind.map { "\(entry.method) kind \($0)" } ?? entry.method
            Terminal.write("\(ISOTime.string(entry.time))  \(what)  \(entry.eventID?.hex ?? "-")  \(entry.client.npub)\n")
        }
    }
}
