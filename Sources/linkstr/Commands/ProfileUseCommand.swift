import ArgumentParser
import LinkstrRuntime

struct ProfileUseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Make a profile the active one (a running watch follows).",
        discussion: """
            Example:
              linkstr profile use work
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The profile's name.") var name: String

    func run() throws {
        global.printProfile(try global.withAccounts { accounts throws(AccountError) in try accounts.useProfile(name) })
    }
}
