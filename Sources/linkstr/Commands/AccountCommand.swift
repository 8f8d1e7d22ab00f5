import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create, import, connect, show or forget this home's Nostr identity.",
        discussion: """
            Example:
              linkstr account create --name Alice
              linkstr account show --json
            """,
        subcommands: [
            AccountCreateCommand.self, AccountImportCommand.self, AccountShowCommand.self, AccountLogoutCommand.self,
            AccountDeleteCommand.self, AccountConnectCommand.self, AccountDisconnectCommand.self,
        ])
}

/// `--key-store`: where the secret key goes.
struct KeyStoreOption: ParsableArguments {
    @Option(
        name: .customLong("key-store"),
        help: ArgumentHelp(
            "secret-service (the desktop keyring), ncryptsec (a NIP-49 file unlocked with a passphrase) or plain (an unencrypted 0600 file, for bots and tests). Default: secret-service when one answers, else ncryptsec.",
            valueName: "store"))
    var keyStore: String?

    func resolve(_ accounts: AccountManager) throws(CLIFailure) -> KeyStoreKind {
        guard let keyStore else { return accounts.defaultKeyStore() }
        let kind: KeyStoreKind
        do {
            kind = try KeyStoreKind(choice: keyStore)
        } catch {
            throw error.failure
        }
        if kind == .plain {
            Terminal.say("warning: the secret key is stored unencrypted in a 0600 file under \(accounts.dataDirectory)/profiles")
        }
        return kind
    }
}

extension GlobalOptions {
    func accounts(_ host: LinkstrHost) -> AccountManager {
        Composition.accounts(host, runtimeConfiguration)
    }
}

extension AccountError {
    var failure: CLIFailure { CLIFailure(isNoAccount ? .noAccount : isBadInput ? .usage : .failed, message) }
}

/// Prints `{"npub","pubkey","name"?}`, or the same for people.
func printIdentity(_ account: AccountFile, json: Bool) throws(CLIFailure) {
    guard let key = try? PublicKey(hex: account.pubkey) else { throw CLIFailure(.failed, "the account file holds an invalid key") }
    if json {
        Terminal.printJSON(JSONRecords.identity(account, key: key))
    } else {
        Terminal.write("\(key.npub)\(account.name.map { "  (\($0))" } ?? "")\n")
    }
}

struct AccountCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Make a new key pair and store it.",
        discussion: """
            The secret key (nsec) is your password: back it up with `linkstr account show --reveal-secret`.

            Example:
              linkstr account create --name Alice
              LINKSTR_PASSPHRASE_FILE=~/.config/linkstr/pass linkstr account create --key-store ncryptsec
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Option(help: "A display name, kept locally.") var name: String?

    func run() throws {
        let host = try global.openHost()
        let accounts = global.accounts(host)
        do {
            let account = try accounts.save(SecretKey.generate(), name: name, keyStore: try store.resolve(accounts), now: Int64(Date().timeIntervalSince1970))
            try printIdentity(account, json: global.json)
        } catch let error as AccountError {
            throw error.failure
        }
    }
}

struct AccountImportCommand: ParsableCommand {
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
        let host = try global.openHost()
        let accounts = global.accounts(host)
        do {
            let account = try accounts.save(key, name: name, keyStore: try store.resolve(accounts), now: Int64(Date().timeIntervalSince1970))
            // Restored from its backup: there is one.
            if isBackup { _ = try accounts.markBackedUp(try accounts.requireProfile()) }
            try printIdentity(account, json: global.json)
        } catch let error as AccountError {
            throw error.failure
        }
    }
}

struct AccountShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the active identity (never the secret unless asked).",
        discussion: """
            Example:
              linkstr account show --json
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("reveal-secret"), help: "Also print the secret key (nsec).") var revealSecret = false

    func run() throws {
        let host = try global.openHost()
        let accounts = global.accounts(host)
        do {
            let account = try accounts.require()
            guard revealSecret else { return try printIdentity(account, json: global.json) }
            let nsec = try accounts.secretKey().nsec
            if global.json {
                Terminal.printJSON(["npub": try PublicKey(hex: account.pubkey).npub, "pubkey": account.pubkey, "nsec": nsec])
            } else {
                Terminal.write("\(try PublicKey(hex: account.pubkey).npub)\n\(nsec)\n")
            }
        } catch let error as AccountError {
            throw error.failure
        }
    }
}

struct AccountLogoutCommand: AsyncParsableCommand {
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
            let host = try global.openHost()
            let account: AccountFile
            do {
                account = try global.accounts(host).require()
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
            let context = try AccountContext.open(global)
            defer { context.host.stop() }
            let opened = context.opened
            let deleted = try await context.run { _ throws(RuntimeError) in try await opened.logOutClearingData() }
            if !global.json { Terminal.write("deleted \(deleted) records of the account\n") }
        } else {
            let host = try global.openHost()
            do {
                try global.accounts(host).logout()
            } catch {
                throw error.failure
            }
        }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("logged out\n") }
    }
}
