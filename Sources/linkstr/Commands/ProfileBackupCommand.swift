import ArgumentParser
import Foundation
import LinkstrRuntime

struct ProfileBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Write a profile's key encrypted under a passphrase (NIP-49 ncryptsec) and mark it backed up.",
        discussion: """
            Asks for the backup's passphrase twice on the terminal, or reads it from stdin with
            --passphrase-stdin. Without --output the ncryptsec is printed. Restore it with
            `linkstr account import FILE` (into a fresh home) or `linkstr profile import NAME FILE`,
            which ask for the same passphrase; any NIP-49 client opens it too.

            Example:
              linkstr profile backup --output ~/alice.ncryptsec
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The profile's name (default: the active one).") var name: String?
    @Option(help: ArgumentHelp("Write the ncryptsec to this file (mode 0600).", valueName: "file")) var output: String?
    @Flag(name: .customLong("passphrase-stdin"), help: "Read the backup's passphrase from the first line of stdin.")
    var passphraseStdin = false

    func run() throws {
        let accounts = global.accounts(try global.openHost())
        let profile: HomeProfile
        do {
            if let name {
                profile = try AccountManager.existing(name, in: try accounts.profileList())
            } else {
                profile = try accounts.requireProfile()
            }
        } catch {
            throw error.failure
        }
        let text: String
        let marked: HomeProfile
        do {
            let passphrase = try PassphraseInput.read(
                fromStdin: passphraseStdin, prompt: "backup passphrase: ", confirm: true,
                withoutTerminal: "there is no terminal to ask for the backup's passphrase; give it on stdin with --passphrase-stdin")
            text = try accounts.backupText(of: profile, passphrase: passphrase)
            if let output { try accounts.writeBackup(text, to: output) }
            marked = try accounts.markBackedUp(profile)
        } catch {
            throw error.failure
        }
        if global.json {
            var record = JSONRecords.profile(marked)
            if let output { record["file"] = output } else { record["ncryptsec"] = text }
            Terminal.printJSON(record)
        } else if let output {
            Terminal.write("backed up \(marked.name) to \(output)\n")
        } else {
            Terminal.write(text + "\n")
        }
    }
}
