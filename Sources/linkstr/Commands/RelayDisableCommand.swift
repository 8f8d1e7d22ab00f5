import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayDisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Keep the relay in the list but do not connect to it.",
        discussion: """
            Example:
              linkstr relay disable wss://relay.example.com
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The relay's address.") var url: String

    func run() throws {
        try RelayChange.run(global, done: "disabled \(url)") { settings throws(RelaySettingsError) in
            try settings.setEnabled(url, false)
        }
    }
}
