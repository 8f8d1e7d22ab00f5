import ArgumentParser
import Foundation
import LinkstrRuntime

struct ProfileImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import an existing secret key (nsec) as a new profile.",
        discussion: """
            The nsec comes from stdin (-, the default) or a file that holds it.

            Example:
              linkstr profile import old - < backup.nsec
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Argument(help: "The new profile's name.") var name: String
    @Argument(help: "- to read the nsec from stdin, or a file that holds it.") var nsec: String = "-"
    @Flag(name: .customLong("insecure-argv"), help: "Accept the nsec itself as the argument (every user sees it in `ps`).")
    var insecureArgv = false
    @Flag(help: "Make it the active profile.") var use = false

    func run() throws {
        let key = try SecretKeyInput.read(nsec, insecureArgv: insecureArgv, example: "linkstr profile import \(name) - < backup.nsec")
        let accounts = global.accounts(try global.openHost())
        let keyStore = try store.resolve(accounts)
        let profile: HomeProfile
        do {
            let first = try accounts.profileList().active == nil
            profile = try accounts.addProfile(key, name: name, keyStore: keyStore, now: Int64(Date().timeIntervalSince1970), activate: use || first)
        } catch {
            throw error.failure
        }
        store.warnIfPlain(keyStore, accounts)
        global.printProfile(profile)
    }
}
