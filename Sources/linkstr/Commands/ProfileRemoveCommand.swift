import ArgumentParser
import LinkstrRuntime

struct ProfileRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Forget a profile and its key (its encrypted data stays for a later import).",
        discussion: """
            The key is deleted from this machine, so it asks first (on the terminal) unless --yes:
            back it up before (`linkstr profile backup NAME`).

            Example:
              linkstr profile remove old --yes
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The profile's name.") var name: String
    @Flag(help: "Do not ask before deleting the key.") var yes = false

    func run() throws {
        let accounts = global.accounts(try global.openHost())
        let profile: HomeProfile
        do {
            profile = try AccountManager.existing(name, in: try accounts.profileList())
        } catch {
            throw error.failure
        }
        if !yes {
            let question = "Delete profile '\(profile.name)' and the key of \(profile.npub) from this machine?"
                + (profile.backedUp ? "" : " It was never backed up (`linkstr profile backup \(profile.name)`).")
            switch Confirmation.ask(question) {
            case true?: break
            case false?: throw CLIFailure(.failed, "nothing was deleted.")
            case nil:
                throw CLIFailure(
                    .usage, "removing a profile deletes the key of \(profile.npub) from this machine; back it up first, then run it again with --yes")
            }
        }
        do {
            try accounts.removeProfile(profile)
        } catch {
            throw error.failure
        }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("removed profile \(profile.name)\n") }
    }
}
