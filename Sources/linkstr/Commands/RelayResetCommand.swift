import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Drop your changes: back to relays = [...] of config.toml, or the defaults.",
        discussion: """
            Relays you added go, relays you removed or disabled come back.

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
