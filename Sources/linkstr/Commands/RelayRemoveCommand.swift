import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a relay.",
        discussion: """
            Example:
              linkstr relay remove wss://relay.example.com
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The relay's address.") var url: String

    func run() throws {
        try RelayChange.run(global, done: "removed \(url)") { settings throws(RelaySettingsError) in
            try settings.remove(url)
        }
    }
}
