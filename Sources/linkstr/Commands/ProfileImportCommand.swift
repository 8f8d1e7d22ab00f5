import ArgumentParser
import Foundation
import LinkstrRuntime

struct ProfileImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import an existing secret key (nsec), or restore a backup (ncryptsec), as a new profile.",
        discussion: """
            The nsec comes from stdin (-, the default) or a file that holds it. A backup written by
            `linkstr profile backup` (NIP-49 ncryptsec) is opened with its passphrase, asked for on
            the terminal or read from stdin with --passphrase-stdin.

            Example:
              linkstr profile import old - < backup.nsec
              linkstr profile import alice ~/alice.ncryptsec
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Argument(help: "The new profile's name.") var name: String
    @Argument(help: "- to read the nsec from stdin, or a file that holds it (or a backup: an ncryptsec).") var nsec: String = "-"
    @Flag(name: .customLong("insecure-argv"), help: "Accept the nsec itself as the argument (every user sees it in `ps`).")
    var insecureArgv = false
    @Flag(name: .customLong("passphrase-stdin"), help: "Read a backup's passphrase from the first line of stdin.")
    var passphraseStdin = false
    @Flag(help: "Make it the active profile.") var use = false

    func run() throws {
        let (key, isBackup) = try SecretKeyInput.read(
            nsec, insecureArgv: insecureArgv, passphraseStdin: passphraseStdin, example: "linkstr profile import \(name) - < backup.nsec")
        let accounts = global.accounts(try global.openHost())
        let keyStore = try store.resolve(accounts)
        let profile: HomeProfile
        do {
            let first = try accounts.profileList().active == nil
            let added = try accounts.addProfile(key, name: name, keyStore: keyStore, now: Int64(Date().timeIntervalSince1970), activate: use || first)
            // Restored from its backup: there is one.
            profile = try isBackup ? accounts.markBackedUp(added) : added
        } catch {
            throw error.failure
        }
        store.warnIfPlain(keyStore, accounts)
        global.printProfile(profile)
    }
}
