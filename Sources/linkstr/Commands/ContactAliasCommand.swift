import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct ContactAliasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alias", abstract: "Give a contact a private name (never published); \"\" clears it.",
        discussion: """
            Example:
              linkstr contact alias npub1… "Bob (work)"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Who: npub, hex or current alias.") var key: String
    @Argument(help: "The alias.") var alias: String

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let person = try await context.person(key)
        try await context.run { runtime throws(RuntimeError) in try await runtime.setAlias(alias.isEmpty ? nil : alias, for: person) }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write(alias.isEmpty ? "alias cleared\n" : "alias set\n") }
    }
}
