import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal

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
        subcommands: [List.self, Add.self, Import.self, Use.self, Rename.self, Remove.self, Backup.self, Passphrase.self])
}

extension ProfileCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the profiles of this home (the active one marked with *).",
            discussion: """
                Needs no key: the list is public metadata.

                Example:
                  linkstr profile list --json
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let list = try global.withAccounts { accounts throws(LinkstrError) in try accounts.profileList() }
            if global.json {
                Terminal.printJSON(list.profiles.map(JSONRecords.ProfileRow.init))
            } else if list.profiles.isEmpty {
                Terminal.write("no profiles; create one with `linkstr profile add NAME`\n")
            } else {
                for profile in list.profiles { global.printProfile(profile) }
            }
        }
    }
}

extension ProfileCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Make a new key pair as a new profile (the active one stays unless --use).",
            discussion: """
                Example:
                  linkstr profile add work --key-store ncryptsec
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: KeyStoreOption
        @Argument(help: "The new profile's name.") var name: String
        @Flag(help: "Make it the active profile.") var use = false

        func run() throws {
            let accounts = try global.accounts()
            let keyStore = try store.resolve(accounts)
            let profile: HomeProfile
            do {
                profile = try accounts.addProfile(SecretKey.generate(), name: name, keyStore: keyStore, use: use, restoredFromBackup: false)
            } catch {
                throw error.failure
            }
            store.warnIfPlain(keyStore, accounts)
            global.printProfile(profile)
        }
    }
}

extension ProfileCommand {
    struct Import: ParsableCommand {
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
            let accounts = try global.accounts()
            let keyStore = try store.resolve(accounts)
            let profile: HomeProfile
            do {
                profile = try accounts.addProfile(key, name: name, keyStore: keyStore, use: use, restoredFromBackup: isBackup)
            } catch {
                throw error.failure
            }
            store.warnIfPlain(keyStore, accounts)
            global.printProfile(profile)
        }
    }
}

extension ProfileCommand {
    struct Use: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "use", abstract: "Make a profile the active one (a running watch follows).",
            discussion: """
                Example:
                  linkstr profile use work
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The profile's name.") var name: String

        func run() throws {
            global.printProfile(try global.withAccounts { accounts throws(LinkstrError) in try accounts.useProfile(name) })
        }
    }
}

extension ProfileCommand {
    struct Rename: ParsableCommand {
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
            global.printProfile(try global.withAccounts { accounts throws(LinkstrError) in try accounts.renameProfile(old, to: new) })
        }
    }
}

extension ProfileCommand {
    struct Remove: ParsableCommand {
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
            let accounts = try global.accounts()
            let profile: HomeProfile
            do {
                profile = try AccountManager.existing(name, in: try accounts.profileList())
            } catch {
                throw error.failure
            }
            if !yes {
                switch Confirmation.ask(AccountManager.removalQuestion(profile)) {
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
}

extension ProfileCommand {
    struct Backup: ParsableCommand {
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
            let accounts = try global.accounts()
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
                Terminal.printJSON(JSONRecords.Merged(JSONRecords.ProfileRow(marked), Written(file: output, ncryptsec: output == nil ? text : nil)))
            } else if let output {
                Terminal.write("backed up \(marked.name) to \(output)\n")
            } else {
                Terminal.write(text + "\n")
            }
        }
    }
}

extension ProfileCommand {
    struct Passphrase: ParsableCommand {
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
            let accounts = try global.accounts()
            let profiles: [HomeProfile]
            do {
                profiles = try accounts.setMasterPassphrase { () throws(LinkstrError) in
                    try PassphraseInput.read(
                        fromStdin: passphraseStdin, prompt: "new master passphrase: ", confirm: true,
                        withoutTerminal: "there is no terminal to ask for the new master passphrase; give it on stdin with --passphrase-stdin")
                }
            } catch {
                throw error.failure
            }
            if global.json {
                Terminal.printJSON(Protected(profiles: profiles.map(\.name)))
            } else {
                Terminal.write("the keys of \(profiles.map(\.name).joined(separator: ", ")) are under the master passphrase; `linkstr unlock` unlocks them\n")
            }
        }
    }
}

extension GlobalOptions {
    /// Runs `body` on this home's profiles, mapping its error to an exit status.
    func withAccounts<Value>(_ body: (AccountManager) throws(LinkstrError) -> Value) throws(CLIFailure) -> Value {
        let accounts = try accounts()
        do {
            return try body(accounts)
        } catch {
            throw error.failure
        }
    }

    /// Prints `profile` as its JSON record, or as one line of `profile list`.
    func printProfile(_ profile: HomeProfile) {
        if json {
            Terminal.printJSON(JSONRecords.ProfileRow(profile))
        } else {
            Terminal.write(ProfileListView.line(profile, style: HumanOutput.current.style) + "\n")
        }
    }
}

extension ProfileCommand.Backup {
    /// What the backed-up profile's row is printed with: the file written (`file`), or the
    /// backup's text (`ncryptsec`).
    struct Written: Encodable {
        let file: String?
        let ncryptsec: String?
    }
}

extension ProfileCommand.Passphrase {
    /// `{"ok","profiles"}`: the profiles whose keys are now under the master passphrase.
    struct Protected: Encodable {
        let ok = true
        let profiles: [String]
    }
}
