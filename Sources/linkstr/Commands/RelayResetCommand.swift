import ArgumentParser
import LinkstrHost

struct RelayResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Replace the list with relays = [...] of config.toml, or the defaults.",
        discussion: """
            Example:
              linkstr relay reset
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try RelayChange.run(global, done: "relay list reset") { settings throws(RelaySettingsError) in
            try settings.reset()
        }
    }
}
