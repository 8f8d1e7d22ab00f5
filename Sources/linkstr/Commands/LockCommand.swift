import ArgumentParser
import LinkstrRuntime

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock", abstract: "Lock this home's keys: the unlock agent forgets them.",
        discussion: """
            Commands then need the passphrase again (`linkstr unlock`, LINKSTR_PASSPHRASE_FILE, or \
            the terminal). A running `linkstr watch` keeps receiving; what it cannot open waits \
            until the next unlock. `whoami` still shows who you are.

            Example:
              linkstr lock
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.withAccounts { accounts throws(LinkstrError) in try accounts.lockProfiles() }
        if global.json {
            Terminal.printJSON(Record())
        } else {
            Terminal.write("locked\n")
        }
    }
}

extension LockCommand {
    /// `{"locked":true}`.
    struct Record: Encodable {
        let locked = true
    }
}
