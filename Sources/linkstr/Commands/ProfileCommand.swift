import ArgumentParser
import LinkstrRuntime

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Keep several identities in this home and choose the active one.",
        discussion: """
            Commands act on the active profile; --profile NAME acts as another for one command.
            Each profile has its own key, sessions, contacts and saved links.

            Example:
              linkstr profile add work
              linkstr profile use work
              linkstr feed --profile default
            """,
        subcommands: [
            ProfileListCommand.self, ProfileAddCommand.self, ProfileImportCommand.self, ProfileUseCommand.self,
            ProfileRenameCommand.self, ProfileRemoveCommand.self, ProfileBackupCommand.self, ProfilePassphraseCommand.self,
        ])
}

extension GlobalOptions {
    /// Runs `body` on this home's profiles, mapping its error to an exit status.
    func withAccounts<Value>(_ body: (AccountManager) throws(AccountError) -> Value) throws(CLIFailure) -> Value {
        let accounts = self.accounts(try openHost())
        do {
            return try body(accounts)
        } catch {
            throw error.failure
        }
    }

    /// Prints `profile` as its JSON record, or as one line of `profile list`.
    func printProfile(_ profile: HomeProfile) {
        if json {
            Terminal.printJSON(JSONRecords.profile(profile))
        } else {
            Terminal.write(ProfileListView.line(profile, style: HumanOutput.current.style) + "\n")
        }
    }
}
