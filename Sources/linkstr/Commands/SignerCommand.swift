import ArgumentParser
import Dispatch
import Glibc
import LinkstrRuntime
import LinkstrTerminal
import Synchronization

struct SignerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signer", abstract: "linkstr as a bunker: let other Nostr clients sign with this account's key (NIP-46).",
        discussion: """
            Example:
              linkstr signer serve --allow sign_event:1,nip44_encrypt,nip44_decrypt
              linkstr signer clients
              linkstr signer log --json
              linkstr signer forget npub1…
            """,
        subcommands: [Serve.self, Clients.self, Log.self, Forget.self])
}

extension SignerCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve", abstract: "Answer other Nostr clients' signing requests with this account's key until stopped.",
            discussion: """
                Prints a bunker:// link on its own line: give it to a Nostr client (as you would the
                link of Amber or nsec.app). Its secret is fresh each time and good for one client (then
                a new link is printed), unless [signer] secret is set in config.toml. A new client is
                approved once, for the permissions it asks for: on the terminal, or without a question
                by --allow (or [signer] allow); without either, on no terminal, it is refused. Approved
                clients are remembered (`linkstr signer clients`); what was done with the key is logged
                (`linkstr signer log`). Ctrl-C or SIGTERM stops it after the request it is answering.
                When the key came from `linkstr unlock`, every request is answered "locked" once the
                key is locked again (`linkstr lock` or the auto-lock), and the bunker stops (exit 1).

                Permissions are NIP-46's method[:kind]: sign_event (any kind but 13, 1059, 30078, 5,
                3, 0, 10002 and 22242, which act as linkstr or change the account: each is granted
                only when named, e.g. sign_event:13), sign_event:1, nip44_encrypt, nip44_decrypt,
                nip04_encrypt, nip04_decrypt. The question says what each one allows. A client is
                granted what it names, never more; one that names none (or none known) only learns
                your public key, unless a rule grants it the rule.

                Example:
                  linkstr signer serve
                  linkstr signer serve --relay wss://relay.example.com --allow sign_event:1,nip44_encrypt
                """)

        @OptionGroup var global: GlobalOptions
        @Option(name: .customLong("relay"), help: ArgumentHelp("Listen on this relay (repeat); default: [signer] relays, else the account's relays.", valueName: "url"))
        var relays: [String] = []
        @Option(help: ArgumentHelp("Grant a new client these permissions, as far as it asks for them, without a question (comma-separated; repeat).", valueName: "permissions"))
        var allow: [String] = []

        func run() async throws {
            let listenOn: [String]
            let permissions: [BunkerPermission]
            do throws(LinkstrError) {
                listenOn = try BunkerOptions.listenRelays(relays, option: "--relay")
                permissions = try BunkerOptions.grants(allow.joined(separator: ","), option: "--allow")
            } catch {
                throw error.failure
            }
            try await AccountContext.with(global) { context in
                let json = global.json
                let bunker: Bunker
                do throws(LinkstrError) {
                    bunker = try Bunker(
                        account: context.opened, relays: listenOn.isEmpty ? nil : listenOn, allow: allow.isEmpty ? nil : permissions,
                        approve: { request in await Self.ask(request) }, report: { activity in Self.show(activity, json: json) })
                } catch {
                    throw error.failure
                }
                let services = context.opened.serviceGroup([BunkerService(bunker: bunker)])
                // A key from the unlock agent goes with the lock: the bunker stops and the account closes.
                let locked = LockedFlag()
                if let profile = try? context.accounts.selectedProfile(), context.accounts.heldByAgent(profile) {
                    let stop: @Sendable () -> Void = {
                        locked.raised.store(true, ordering: .sequentiallyConsistent)
                        Task { await services.triggerGracefulShutdown() }
                    }
                    context.accounts.whenLocked(onAutoLock: stop, stop)
                }
                do {
                    try await services.run()
                } catch let error as LinkstrError {
                    throw error.failure
                } catch {
                    throw CLIFailure(.failed, "the bunker stopped unexpectedly (\(error)); start it again")
                }
                if locked.raised.load(ordering: .sequentiallyConsistent) {
                    throw CLIFailure(
                        .failed, "linkstr was locked (`linkstr lock` or the auto-lock): the bunker stopped and the key is gone from this process; "
                            + "run `linkstr unlock`, then `linkstr signer serve` again")
                }
            }
        }

        /// Raised when the key was locked while serving.
        private final class LockedFlag: Sendable {
            let raised = Atomic(false)
        }

        /// Asks on the terminal, off the cooperative threads (the read blocks); a yes is remembered.
        static func ask(_ request: BunkerConnectRequest) async -> BunkerApproval? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: Confirmation.ask(request.question, timeout: Bunker.approvalTimeout).map(BunkerApproval.init(allowed:)))
                }
            }
        }

        /// The link on its own line (for scripts), and on a terminal its QR code for a phone to scan.
        static func showLink(_ uri: String) {
            Terminal.write(uri + "\n")
            guard isatty(STDOUT_FILENO) == 1, let code = try? QRCode(encoding: uri) else { return }
            Terminal.write(TerminalQRCode.lines(code, style: HumanOutput.current.style).joined(separator: "\n") + "\n")
        }

        static func show(_ activity: BunkerActivity, json: Bool) {
            if json {
                Terminal.printJSON(JSONRecords.bunkerActivity(activity))
                return
            }
            switch activity {
            case .listening(let link):
                showLink(link.uri)
                Terminal.say("serving as a bunker on \(link.relays.joined(separator: ", ")); give the link above to a Nostr client · Ctrl-C to stop")
            case .newLink(let link):
                Terminal.say("the link's secret was used; the next client needs this link:")
                showLink(link.uri)
            case .approved(let client):
                Terminal.say("approved \(client.label) for \(client.permissions.summary)")
            case .carriedOut(let entry):
                let what = entry.kind.map { "\(entry.method) of kind \($0)" } ?? entry.method
                Terminal.say(what + (entry.eventID.map { " (event \($0.hex))" } ?? "") + " for \(entry.client.npub)")
            case let .refused(client, method, reason):
                Terminal.say("refused \(method) from \(client.npub): \(reason)")
            }
        }
    }
}

extension SignerCommand {
    struct Clients: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clients", abstract: "List the Nostr clients approved to use this account's key, with what each may do.",
            discussion: """
                Example:
                  linkstr signer clients --json
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await AccountContext.with(global) { context in
                let clients = try await context.run { runtime throws(LinkstrError) in try await BunkerRecords.bunkerClients(in: runtime) }
                if global.json {
                    Terminal.printJSON(clients.map(JSONRecords.BunkerClientRow.init))
                } else if clients.isEmpty {
                    Terminal.write("no client is approved; `linkstr signer serve` prints a link for one\n")
                } else {
                    for client in clients {
                        Terminal.write("\(client.label)  \(client.permissions.summary)  since \(ISOTime.string(client.approvedAt))\n")
                    }
                }
            }
        }
    }
}

extension SignerCommand {
    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log", abstract: "What the bunker did with this account's key: client, method, kind, event id and time.",
            discussion: """
                Oldest first. Texts that were encrypted or decrypted are never logged.

                Example:
                  linkstr signer log --limit 20
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "Only the last N entries.") var limit: Int?

        func run() async throws {
            if let limit, limit <= 0 { throw CLIFailure(.usage, "--limit must be a positive number of entries") }
            try await AccountContext.with(global) { context in
                let entries = try await context.run { [limit] runtime throws(LinkstrError) in try await BunkerRecords.bunkerLog(limit: limit, in: runtime) }
                if global.json {
                    Terminal.printJSON(entries.map(JSONRecords.BunkerLogRow.init))
                    return
                }
                for entry in entries {
                    let what = entry.kind.map { "\(entry.method) kind \($0)" } ?? entry.method
                    Terminal.write("\(ISOTime.string(entry.time))  \(what)  \(entry.eventID?.hex ?? "-")  \(entry.client.npub)\n")
                }
            }
        }
    }
}

extension SignerCommand {
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget", abstract: "Withdraw a client's approval: it must connect again with a new bunker link.",
            discussion: """
                Example:
                  linkstr signer forget npub1…
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The client's key (npub or hex), as `linkstr signer clients` shows it.") var client: String

        func run() async throws {
            let key: PublicKey
            do throws(LinkstrError) {
                key = try BunkerRecords.clientKey(client)
            } catch {
                throw error.failure
            }
            try await AccountContext.with(global) { context in
                let forgotten = try await context.run { runtime throws(LinkstrError) in try await BunkerRecords.forgetBunkerClient(key, in: runtime) }
                guard forgotten else { throw CLIFailure(.usage, "\(key.npub) is not an approved client; `linkstr signer clients` lists them") }
                if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("forgot \(key.npub)\n") }
            }
        }
    }
}
