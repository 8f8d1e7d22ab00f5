import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore

struct AccountConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect", abstract: "Use a key that lives in a remote signer (NIP-46 bunker), from its bunker:// link.",
        discussion: """
            Shows the signer, its relays and whether the link has a secret, and asks before connecting
            (--yes skips the question). Then asks the signer for your public key: the account is
            yours, not the signer's. If this home already has that account, it is reconnected and
            keeps its sessions, contacts and read state. The client's session key is kept in the key
            store, so the link is needed once; `linkstr account disconnect` forgets it.

            Example:
              linkstr account connect 'bunker://<signer-pubkey>?relay=wss://relay.example&secret=…'
            """)

    static let usage = "usage: linkstr account connect 'bunker://<signer pubkey>?relay=wss://…&secret=…' [--yes]"

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Argument(help: "The bunker:// link the signer gave you (quote it: it holds & characters).") var link: String
    @Option(help: "A relay of the signer, for a link that names none.") var relay: String?
    @Option(help: "A display name, kept locally.") var name: String?
    @Option(help: "How long to wait for each answer of the signer, in seconds.") var timeout: Int = 30
    @Flag(help: "Do not ask before connecting.") var yes = false

    func run() async throws {
        guard !link.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw CLIFailure(.usage, Self.usage) }
        guard timeout > 0 else { throw CLIFailure(.usage, "--timeout must be a positive number of seconds") }
        var bunker: BunkerLink
        do {
            bunker = try BunkerLink(parsing: link)
            if let relay { bunker = try bunker.withRelay(relay) }
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        if bunker.relays.isEmpty {
            let typed = try askRelay()
            do {
                bunker = try bunker.withRelay(typed)
            } catch {
                throw CLIFailure(.usage, error.description)
            }
        }
        try confirm(bunker)

        let host = try global.openHost()
        try global.loadPlugins(host)
        defer { host.stop() }
        let accounts = global.accounts(host)
        let sessionKey = SecretKey.generate()
        let client: RemoteSignerClient
        do {
            client = try Composition.remoteSignerClient(
                host, link: bunker, sessionKey: sessionKey, timeout: .seconds(timeout), onAuthURL: global.runtimeConfiguration.onAuthURL)
        } catch {
            throw error.failure
        }
        defer { client.close() }
        let user: PublicKey
        do {
            try await client.connect(secret: bunker.secret)
            user = try await client.publicKey()
        } catch {
            throw CLIFailure(.failed, error.description)
        }
        do {
            let (account, reconnected) = try accounts.connectRemote(
                user: user, link: bunker, sessionKey: sessionKey, name: name, keyStore: try store.resolve(accounts),
                now: Int64(Date().timeIntervalSince1970))
            if global.json {
                var record = JSONRecords.identity(account, key: user)
                record["signer"] = bunker.signer.npub
                record["relays"] = bunker.relays
                record["reconnected"] = reconnected
                Terminal.printJSON(record)
            } else {
                Terminal.write("\(reconnected ? "reconnected" : "connected") \(user.npub)\(account.name.map { "  (\($0))" } ?? "")\n")
            }
        } catch let error as AccountError {
            throw error.failure
        }
    }

    /// A relay typed on the terminal, for a link that names none.
    private func askRelay() throws(CLIFailure) -> String {
        guard let answer = Confirmation.line("The bunker link names no relay. Relay of the signer (wss://…): ") else {
            throw CLIFailure(.usage, "the bunker link names no relay; give one with --relay wss://… or add ?relay=wss://… to the link")
        }
        guard !answer.isEmpty else { throw CLIFailure(.usage, "no relay given; nothing was connected") }
        return answer
    }

    /// Shows what is about to happen and asks, unless --yes.
    private func confirm(_ bunker: BunkerLink) throws(CLIFailure) {
        guard !yes else { return }
        let summary = """
            Connect to the remote signer \(bunker.signer.npub)
              relays: \(bunker.relays.joined(separator: ", "))
              secret: \(bunker.secret == nil ? "none" : "present")
            """
        Terminal.writeError(TerminalText.lines(summary).joined(separator: "\n") + "\n")
        switch Confirmation.ask("Connect?") {
        case true?: return
        case false?: throw CLIFailure(.failed, "nothing was connected.")
        case nil: throw CLIFailure(.usage, "connecting to a remote signer needs a confirmation; run it on a terminal or again with --yes")
        }
    }
}
