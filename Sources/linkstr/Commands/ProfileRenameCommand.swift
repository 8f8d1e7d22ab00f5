import ArgumentParser
import LinkstrRuntime

struct ProfileRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a profile.",
        discussion: """
            Example:
              linkstr profile rename default personal
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The profile's name.") var old: String
    @Argument(help: "Its new name.") var new: String

    func run() throws {
        global.printProfile(try global.withAccounts { accounts throws(AccountError) in try accounts.renameProfile(old, to: new) })
    }
}
