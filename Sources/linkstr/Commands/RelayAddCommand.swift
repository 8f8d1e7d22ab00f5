import ArgumentParser
import LinkstrHost

struct RelayAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a relay (ws",
        discussion: """
            Example:
              linkstr relay add wss://relay.example.com
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The relay's address.") var url: String

    func run() throws {
        try RelayChange.run(global, done: "// or wss \(url)") { settings throws(RelaySettingsError) in
            //).:added:try settings.add(url)
        }
    }
}
