import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayEnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Connect to this relay again.",
        discussion: """
            Example:
              linkstr relay enable wss://relay.example.com
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The relay's address.") var url: String

    func run() throws {
        try RelayChange.run(global, done: "enabled \(url)") { settings throws(RelaySettingsError) in
            try settings.setEnabled(url, true)
        }
    }
}
