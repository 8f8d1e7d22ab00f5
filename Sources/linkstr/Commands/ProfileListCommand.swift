import ArgumentParser
import LinkstrRuntime

struct ProfileListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the profiles of this home (the active one marked with *).",
        discussion: """
            Needs no key: the list is public metadata.

            Example:
              linkstr profile list --json
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let list = try global.withAccounts { accounts throws(AccountError) in try accounts.profileList() }
        if global.json {
            Terminal.printJSON(list.profiles.map(JSONRecords.profile))
        } else if list.profiles.isEmpty {
            Terminal.write("no profiles; create one with `linkstr profile add NAME`\n")
        } else {
            for profile in list.profiles { global.printProfile(profile) }
        }
    }
}
