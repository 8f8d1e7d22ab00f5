import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal
import Synchronization

extension AccountCommand {
    struct Connect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "connect", abstract: "Use a key that lives in a remote signer (NIP-46 bunker), from its bunker:// link or a nostrconnect:// link for it.",
            discussion: """
                With a bunker:// link: shows the signer, its relays and whether the link has a secret, and
                asks before connecting (--yes skips the question). With --nostrconnect: prints a
                nostrconnect:// link and its QR code for the signer to scan (relays from --relay, else
                config.toml), waits for the signer (--timeout, 120 s by default) and checks the secret it
                returns. Then asks the signer for your public key and has it sign a fresh challenge,
                checked against that key, before anything is stored: the account is yours, not the
                signer's. If this home already has that account, it is reconnected and keeps its
                sessions, contacts and read state; when the link's signer is another than the
                account's, it says which signer it replaces and asks again (--yes does not skip that). The client's session key is kept in the key store, so
                the link is needed once; `linkstr account disconnect` forgets it.

                Examples:
                  linkstr account connect 'bunker://<signer-pubkey>?relay=wss://relay.example&secret=…'
                  linkstr account connect --nostrconnect --relay wss://relay.example
                """)

        static let usage = "usage: linkstr account connect 'bunker://<signer pubkey>?relay=wss://…&secret=…' [--yes], or linkstr account connect --nostrconnect [--relay wss://…]"

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: KeyStoreOption
        @Argument(help: "The bunker:// link the signer gave you (quote it: it holds & characters).") var link: String?
        @Flag(help: "Show a nostrconnect:// link (and QR code) for the signer to scan, instead of using a bunker:// link.") var nostrconnect = false
        @Option(help: "A relay of the signer (repeat for several): for a bunker link that names none, or where a nostrconnect signer answers.")
        var relay: [String] = []
        @Option(help: "A display name, kept locally; with --nostrconnect also the client name the signer shows.") var name: String?
        @Option(help: "With --nostrconnect: the permissions to ask the signer for (NIP-46 perms).")
        var perms: String = NostrConnectLink.defaultPermissions
        @Option(
            help: "How long to wait for each answer of the signer, in seconds (30 by default; kept for the account). With --nostrconnect: how long to wait for the signer to connect (120 by default).")
        var timeout: Int?
        @Flag(help: "Do not ask before connecting.") var yes = false

        func validate() throws {
            if nostrconnect, link != nil { throw ValidationError("give either a bunker:// link or --nostrconnect, not both") }
            if let timeout, timeout <= 0 { throw ValidationError("--timeout must be a positive number of seconds") }
        }

        func run() async throws {
            if nostrconnect { return try await connectByNostrConnect() }
            guard let link, !link.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw CLIFailure(.usage, Self.usage) }
            var bunker: BunkerLink
            do {
                bunker = try BunkerLink(parsing: link)
                for url in relay { bunker = try bunker.withRelay(url) }
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
            try await global.withApp { app in
                let connection = try await Self.failure {
                    try await RemoteSignerAccount.connect(
                        bunker, answerTimeout: timeout, name: name, keyStore: { try store.resolve($0) }, in: app, confirmReplacing: Self.confirmReplacing)
                }
                report(connection, app)
            }
        }

        /// Shows a nostrconnect:// link for `--relay` (else the configured relays) and waits for a signer to answer it.
        private func connectByNostrConnect() async throws {
            try await global.withApp { app in try await connectByNostrConnect(app: app) }
        }

        private func connectByNostrConnect(app: LinkstrApp) async throws {
            let sessionKey = SecretKey.generate()
            let offer: NostrConnectLink
            do throws(LinkstrError) {
                offer = try RemoteSignerAccount.offer(
                    sessionKey: sessionKey, relays: relay, permissions: perms, name: name, howToGive: "give one with --relay wss://…", in: app)
            } catch {
                throw error.failure
            }
            let wait = timeout ?? NostrConnectLink.defaultWait
            let countdown = Mutex<Task<Void, Never>?>(nil)
            let json = global.json
            let accepted: Result<RemoteSignerClient, any Error>
            do {
                accepted = .success(
                    try await RemoteSignerAccount.accept(
                        offer, sessionKey: sessionKey, wait: .seconds(wait),
                        listening: { countdown.withLock { $0 = Self.showOffer(offer, wait: wait, json: json) } }, in: app))
            } catch {
                accepted = .failure(error)
            }
            if let task = countdown.withLock({ $0 }) {
                task.cancel()
                await task.value
                StatusLine.shared.clear()
            }
            let client = try await Self.failure { try accepted.get() }
            defer { client.close() }
            let connection = try await Self.failure {
                try await RemoteSignerAccount.keep(
                    client, sessionKey: sessionKey, answerTimeout: nil, name: name, keyStore: { try store.resolve($0) }, in: app,
                    confirmReplacing: Self.confirmReplacing)
            }
            report(connection, app)
        }

        /// Prints the link (and, for people, its QR code); returns the countdown shown on a terminal.
        private static func showOffer(_ offer: NostrConnectLink, wait: Int, json: Bool) -> Task<Void, Never>? {
            guard !json else {
                Terminal.say("open this link in your signer: \(offer.uri)")
                return nil
            }
            var text = "Open this link in your signer (or scan it):\n\n" + offer.uri + "\n\n"
            if let code = try? QRCode(encoding: offer.uri) {
                text += TerminalQRCode.lines(code, style: HumanOutput.current.style).joined(separator: "\n") + "\n\n"
            }
            Terminal.write(text)
            guard StatusLine.shared.enabled else { return nil }
            let deadline = ContinuousClock.now + .seconds(wait)
            return Task {
                while !Task.isCancelled, ContinuousClock.now < deadline {
                    let left = (deadline - ContinuousClock.now).components.seconds
                    StatusLine.shared.show(HumanOutput.errorStyle.paint("waiting for the signer… \(left) s left", Palette.dark5))
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }

        /// Runs a step of the handshake, its errors as the exit statuses and messages of this command.
        private static func failure<Value>(_ step: () async throws -> Value) async throws(CLIFailure) -> Value {
            do {
                return try await step()
            } catch let error as CLIFailure {
                throw error
            } catch let error as LinkstrError {
                throw error.failure
            } catch {
                throw CLIFailure(.failed, "\(error)")
            }
        }

        /// Prints the account a connection kept (new or reconnected).
        private func report(_ connection: RemoteSignerConnection, _ app: LinkstrApp) {
            if let accounts = try? app.accounts() { store.warnIfPlain(connection.keyStore, accounts) }
            if global.json {
                Terminal.printJSON(
                    JSONRecords.RemoteIdentity(
                        connection.account, key: connection.user, signer: connection.signer, relays: connection.relays, reconnected: connection.reconnected))
            } else {
                Terminal.write("\(connection.reconnected ? "reconnected" : "connected") \(connection.user.npub)\(connection.account.name.map { "  (\($0))" } ?? "")\n")
            }
        }

        /// Asks on the terminal whether the signer of `client` may replace `current`, the account's
        /// signer (--yes does not answer this one: whoever holds the new signer gets every message).
        private static func confirmReplacing(_ current: RemoteSignerLink, by signer: PublicKey) throws(LinkstrError) {
            Terminal.writeError(TerminalText.lines(current.replacement(by: signer)).joined(separator: "\n") + "\n")
            switch Confirmation.ask("Replace the signer?") {
            case true?: return
            case false?: throw LinkstrError(.failed, current.keptSigner)
            case nil:
                throw LinkstrError(.badInput,
                    "the link's signer \(signer.npub) would replace this account's signer \(current.signerNpub); that needs a confirmation on a terminal "
                        + "(--yes does not give it): run `linkstr account connect` on a terminal")
            }
        }

        /// A relay typed on the terminal, for a link that names none.
        private func askRelay() throws(CLIFailure) -> String {
            guard let answer = Confirmation.line("The bunker link names no relay. Relay of the signer (wss://…): ") else {
                throw BunkerLink.namesNoRelay(howToGive: "give one with --relay wss://… or add ?relay=wss://… to the link").failure
            }
            guard !answer.isEmpty else { throw CLIFailure(.usage, "no relay given; nothing was connected") }
            return answer
        }

        /// Shows what is about to happen and asks, unless --yes.
        private func confirm(_ bunker: BunkerLink) throws(CLIFailure) {
            guard !yes else { return }
            Terminal.writeError(TerminalText.lines(bunker.confirmation).joined(separator: "\n") + "\n")
            switch Confirmation.ask("Connect?") {
            case true?: return
            case false?: throw CLIFailure(.failed, "nothing was connected.")
            case nil: throw CLIFailure(.usage, "connecting to a remote signer needs a confirmation; run it on a terminal or again with --yes")
            }
        }
    }
}
