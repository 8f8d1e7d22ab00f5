import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a relay (a ws:// or wss:// URL).",
        discussion: """
            Example:
              linkstr relay add wss://relay.example.com
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The relay's address.") var url: String

    func run() throws {
        try RelayChange.run(global, done: "added \(url)") { settings throws(RelaySettingsError) in
            try settings.add(url)
        }
    }
}
