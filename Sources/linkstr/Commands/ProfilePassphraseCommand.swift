import ArgumentParser
import LinkstrRuntime

struct ProfilePassphraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passphrase", abstract: "Set or change the master passphrase that locks every profile's key.",
        discussion: """
            Every profile's key is written again encrypted under it (NIP-49 ncryptsec): a key file, \
            or the ncryptsec in its Secret Service item; a plain key file becomes an ncryptsec one. \
            Only a memory-hard scrypt hash of the passphrase is kept, in <data>/lock.json. The keys \
            are read first as usual (the unlock agent, LINKSTR_PASSPHRASE_FILE, or the terminal). \
            Then `linkstr unlock` unlocks them for the login session and `linkstr lock` locks them.

            Example:
              linkstr profile passphrase
              printf '%s\\n' "$PASSPHRASE" | linkstr profile passphrase --passphrase-stdin
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("passphrase-stdin"), help: "Read the new master passphrase from the first line of stdin.")
    var passphraseStdin = false

    func run() throws {
        let accounts = global.accounts(try global.openHost())
        let profiles: [HomeProfile]
        do {
            profiles = try accounts.setMasterPassphrase { () throws(AccountError) in
                try PassphraseInput.read(
                    fromStdin: passphraseStdin, prompt: "new master passphrase: ", confirm: true,
                    withoutTerminal: "there is no terminal to ask for the new master passphrase; give it on stdin with --passphrase-stdin")
            }
        } catch {
            throw error.failure
        }
        if global.json {
            Terminal.printJSON(["ok": true, "profiles": profiles.map(\.name)])
        } else {
            Terminal.write("the keys of \(profiles.map(\.name).joined(separator: ", ")) are under the master passphrase; `linkstr unlock` unlocks them\n")
        }
    }
}
