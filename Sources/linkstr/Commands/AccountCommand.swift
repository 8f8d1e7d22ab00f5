import ArgumentParser
import Foundation
import Glibc
import LinkstrRuntime
import LinkstrTerminal

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create, import, connect, show or forget this home's Nostr identity.",
        discussion: """
            Example:
              linkstr account create --name Alice --publish
              linkstr account name Alice
              linkstr account show --json
            """,
        subcommands: [Create.self, Import.self, Show.self, Name.self, Logout.self, Delete.self, Connect.self, Disconnect.self])
}

extension AccountCommand {
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Make a new key pair and store it.",
            discussion: """
                The secret key (nsec) is your password: back it up with `linkstr account show --reveal-secret`.
                --name names the profile on this machine; on a terminal you are then asked whether to
                also publish it as the name others see (`linkstr account name`), and --publish does so
                without asking (it needs a relay that accepts it; the account is created either way).

                Example:
                  linkstr account create --name Alice --publish
                  LINKSTR_PASSPHRASE_FILE=~/.config/linkstr/pass linkstr account create --key-store ncryptsec
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: KeyStoreOption
        @Option(help: "The profile's name on this machine (and, with --publish, the name others see).") var name: String?
        @Flag(help: "Publish --name as your Nostr profile name without asking.") var publish = false

        func validate() throws {
            if publish, name == nil { throw ValidationError("--publish publishes --name: give --name NAME too") }
        }

        func run() async throws {
            let accounts = try global.accounts()
            let keyStore = try store.resolve(accounts)
            let account = try accounts.save(SecretKey.generate(), name: name, keyStore: keyStore, now: Int64(Date().timeIntervalSince1970))
            store.warnIfPlain(keyStore, accounts)
            if let name, shouldPublish(name) {
                try await publishName(name, account: account)
            } else {
                try printIdentity(account, json: global.json)
            }
        }

        /// --publish, else the answer on a terminal (never asked when the output is read by a program).
        private func shouldPublish(_ name: String) -> Bool {
            if publish { return true }
            guard !global.json, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
            return Confirmation.ask("Also publish \"\(TerminalText.line(name))\" as the name others see? It is public on the relays.") == true
        }

        /// Publishes the new account's name; the account stays created when no relay accepts it.
        private func publishName(_ name: String, account: AccountFile) async throws {
            try await AccountContext.with(global, connects: true) { context in
                do throws(CLIFailure) {
                    try await context.connect(forWriting: true)
                    let opened = context.opened
                    let published = try await context.run { _ throws(LinkstrError) in try await opened.publishName(name) }
                    if global.json {
                        guard let key = try? PublicKey(hex: account.pubkey) else { throw CLIFailure(.failed, "the account file holds an invalid key") }
                        Terminal.printJSON(JSONRecords.Merged(JSONRecords.Identity(account, key: key), Published(publishedName: published)))
                    } else {
                        try printIdentity(account, json: false)
                        printPublishedName(published, json: false)
                    }
                } catch {
                    try? printIdentity(account, json: global.json)
                    throw CLIFailure(
                        error.exitCode, "the account was created, but your name was not published (\(error.message)); `linkstr account name \"\(name)\"` publishes it")
                }
            }
        }
    }
}

extension AccountCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Import an existing secret key (nsec) or restore a backup (ncryptsec).",
            discussion: """
                Pass - to read the nsec from stdin, or a file that holds it; an nsec given as the
                argument itself is refused (every user sees it in `ps`) unless --insecure-argv. A backup
                written by `linkstr profile backup` (NIP-49 ncryptsec) is opened with its passphrase,
                asked for on the terminal or read from stdin with --passphrase-stdin.

                Example:
                  linkstr account import - < backup.nsec
                  linkstr account import ~/alice.ncryptsec
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: KeyStoreOption
        @Argument(help: "- to read the nsec from stdin, or a file that holds it (or a backup: an ncryptsec).") var nsec: String
        @Option(help: "A display name, kept locally.") var name: String?
        @Flag(name: .customLong("insecure-argv"), help: "Accept the nsec itself as the argument (every user sees it in `ps`).")
        var insecureArgv = false
        @Flag(name: .customLong("passphrase-stdin"), help: "Read a backup's passphrase from the first line of stdin.")
        var passphraseStdin = false

        func run() throws {
            let (key, isBackup) = try SecretKeyInput.read(
                nsec, insecureArgv: insecureArgv, passphraseStdin: passphraseStdin, example: "linkstr account import - < backup.nsec")
            let accounts = try global.accounts()
            let keyStore = try store.resolve(accounts)
            let account = try accounts.save(key, name: name, keyStore: keyStore, now: Int64(Date().timeIntervalSince1970), restoredFromBackup: isBackup)
            store.warnIfPlain(keyStore, accounts)
            try printIdentity(account, json: global.json)
        }
    }
}

extension AccountCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show the active identity (never the secret unless asked).",
            discussion: """
                Example:
                  linkstr account show --json
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(name: .customLong("reveal-secret"), help: "Also print the secret key (nsec).") var revealSecret = false

        func run() throws {
            let accounts = try global.accounts()
            let account = try accounts.require()
            guard revealSecret else { return try printIdentity(account, json: global.json) }
            let nsec = try accounts.secretKey().nsec
            if global.json {
                Terminal.printJSON(Secret(npub: try PublicKey(hex: account.pubkey).npub, pubkey: account.pubkey, nsec: nsec))
            } else {
                Terminal.write("\(try PublicKey(hex: account.pubkey).npub)\n\(nsec)\n")
            }
        }
    }
}

extension AccountCommand {
    struct Name: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "name", abstract: "Publish, change or clear the name others see for you (your Nostr profile, kind 0).",
            discussion: """
                Members and contacts see this name where you have no alias of theirs, on linkstr and on
                the iPhone app (alias, then published name, then npub). It is public: anyone can read it
                from the relays. Your newest profile is fetched first and only its name and display_name
                change, so the picture and about text another Nostr client set stay. Like every change
                it waits for a relay's OK. With a remote signer, the signer is asked to sign it.

                Example:
                  linkstr account name Alice
                  linkstr account name --clear
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The name to publish.") var name: String?
        @Flag(help: "Remove the published name.") var clear = false

        func validate() throws {
            if clear, name != nil { throw ValidationError("give a name or --clear, not both") }
            if !clear, name == nil { throw ValidationError("give the name to publish, or --clear to remove the published one") }
        }

        func run() async throws {
            try await AccountContext.with(global, connects: true) { context in
                try await context.connect(forWriting: true)
                let opened = context.opened
                let published = try await context.run { _ throws(LinkstrError) in try await opened.publishName(clear ? nil : name) }
                printPublishedName(published, json: global.json)
            }
        }
    }
}

extension AccountCommand {
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Forget the identity (its key); with --clear-data, the account's local data too.",
            discussion: """
                The key is deleted from this machine, so it asks first (on the terminal) unless --yes: back
                the key up before (`linkstr account show --reveal-secret`). Without --clear-data, sessions
                and posts stay (encrypted) for when you import the key again. With it, every record of the
                account is deleted and checked gone; the relay list stays.

                Example:
                  linkstr account logout --clear-data --yes
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(name: .customLong("clear-data"), help: "Also delete this account's sessions, posts, contacts and watermarks.")
        var clearData = false
        @Flag(help: "Do not ask before deleting the key.") var yes = false

        func run() async throws {
            if !yes {
                let accounts = try global.accounts()
                let account: AccountFile
                do {
                    account = try accounts.require()
                } catch {
                    throw error.failure
                }
                let npub = (try? PublicKey(hex: account.pubkey))?.npub ?? account.pubkey
                let question = "Delete the key of \(npub) from this machine? Without a backup (`linkstr account show --reveal-secret`) it is gone."
                switch Confirmation.ask(question) {
                case true?: break
                case false?: throw CLIFailure(.failed, "nothing was deleted.")
                case nil:
                    throw CLIFailure(
                        .usage,
                        "logging out deletes the key of \(npub) from this machine; back it up (`linkstr account show --reveal-secret`), then run it again with --yes")
                }
            }
            if clearData {
                try await AccountContext.with(global) { context in
                    let opened = context.opened
                    let deleted = try await context.run { _ throws(LinkstrError) in try await opened.logOutClearingData() }
                    if !global.json { Terminal.write("deleted \(deleted) records of the account\n") }
                }
            } else {
                let accounts = try global.accounts()
                do {
                    try accounts.logout()
                } catch {
                    throw error.failure
                }
            }
            if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("logged out\n") }
        }
    }
}

extension AccountCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete the account: empty follow list and a request to vanish on the relays, then all local data.",
            discussion: """
                Two steps: run it once to see what happens and your npub, then again with --confirm NPUB.
                It is refused while no relay accepts the requests; nothing local is deleted then.

                Example:
                  linkstr account delete
                  linkstr account delete --confirm npub1…
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Your npub, to confirm.", valueName: "npub")) var confirm: String?

        func run() async throws {
            try await AccountContext.with(global, connects: confirm != nil) { context in
                try requireConfirmation(of: context.runtime.me.npub)
                try await context.connect(forWriting: true)
                let opened = context.opened
                try await context.run { _ throws(LinkstrError) in try await opened.deleteAccount() }
                if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("account deleted\n") }
            }
        }

        /// Goes on only when --confirm names this account's npub. Its own function that throws its
        /// own type: thrown straight from the async closure in `run`, these refusals made Swift 6.3.1
        /// crash at -O (signal 11 splitting the closure: its optimizer merged their error stores with
        /// the other throws' into one store through a phi of the swifterror slot).
        private func requireConfirmation(of npub: String) throws(CLIFailure) {
            guard let confirm else {
                throw CLIFailure(
                    .usage,
                    "this publishes an empty follow list and a request to vanish to your relays, then deletes the key and every local record of \(npub). To go ahead, run: linkstr account delete --confirm \(npub)")
            }
            do throws(LinkstrError) {
                try OpenedAccount.checkDeletionConfirmed(confirm, option: "--confirm", npub: npub)
            } catch {
                throw error.failure
            }
        }
    }
}

extension AccountCommand {
    struct Disconnect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disconnect", abstract: "Forget the session key of the account's remote signer (the account and its data stay).",
            discussion: """
                The account cannot sign or read new posts until it is connected again with
                `linkstr account connect bunker://…`, which finds it and keeps its sessions.

                Example:
                  linkstr account disconnect
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let accounts = try global.accounts()
            do {
                _ = try RemoteSignerAccount.disconnect(in: accounts)
            } catch {
                throw error.failure
            }
            if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("disconnected from the remote signer\n") }
        }
    }
}

/// `--key-store`: where the secret key goes.
struct KeyStoreOption: ParsableArguments {
    @Option(
        name: .customLong("key-store"),
        help: ArgumentHelp(
            "secret-service (the desktop keyring), ncryptsec (a NIP-49 file unlocked with a passphrase) or plain (an unencrypted 0600 file, for bots and tests). Default: the key store this home's profiles use; for its first, secret-service when one answers, else ncryptsec.",
            valueName: "store"))
    var keyStore: String?

    func resolve(_ accounts: AccountManager) throws(CLIFailure) -> KeyStoreKind {
        guard let keyStore else { return accounts.defaultKeyStore() }
        do {
            return try KeyStoreKind(choice: keyStore)
        } catch {
            throw error.failure
        }
    }

    /// Once the key is stored (never before a refusal): the warning `--key-store plain` deserves.
    func warnIfPlain(_ kind: KeyStoreKind, _ accounts: AccountManager) {
        guard keyStore != nil, kind == .plain else { return }
        Terminal.say("warning: the secret key is stored unencrypted in a 0600 file under \(accounts.dataDirectory)/profiles")
    }
}

/// Prints `{"npub","pubkey","name"?}`, or the same for people.
func printIdentity(_ account: AccountFile, json: Bool) throws(CLIFailure) {
    guard let key = try? PublicKey(hex: account.pubkey) else { throw CLIFailure(.failed, "the account file holds an invalid key") }
    if json {
        Terminal.printJSON(JSONRecords.Identity(account, key: key))
    } else {
        Terminal.write("\(key.npub)\(account.name.map { "  (\($0))" } ?? "")\n")
    }
}

/// What `account name` (and `account create --publish`) print once the name is published.
func printPublishedName(_ name: String?, json: Bool) {
    if json {
        Terminal.printJSON(PublishedName(publishedName: name))
    } else if let name {
        Terminal.write("published your name: \(TerminalText.line(name))\n")
    } else {
        Terminal.write("cleared your published name\n")
    }
}

extension AccountCommand.Create {
    /// What `--publish` adds to the new identity: the name published (left out when none).
    struct Published: Encodable {
        let publishedName: String?

        enum CodingKeys: String, CodingKey {
            case publishedName = "published_name"
        }
    }
}

extension AccountCommand.Show {
    /// `account show --reveal-secret`: `{"npub","pubkey","nsec"}`.
    struct Secret: Encodable {
        let npub: String
        let pubkey: String
        let nsec: String
    }
}

/// `{"ok","published_name"}`: the name others now see (null: cleared).
struct PublishedName: Encodable {
    let ok = true
    @NullWhenNil var publishedName: String?

    enum CodingKeys: String, CodingKey {
        case ok
        case publishedName = "published_name"
    }
}
