import Foundation
import LinkstrHost
import NostrCore
import Synchronization

/// linkstr as a bunker: a NIP-46 remote signer that lets other Nostr clients sign and encrypt with
/// the account's key, which stays on this machine.
///
/// Clients address the bunker's own key (derived from the user's key, so it is the same every time
/// and the relays never see the user's key in this traffic) and learn the user's key with
/// `get_public_key`. A new client connects with the link's secret and is approved once — by the
/// `[signer] allow` rule (as far as it covers what the client named; a client naming nothing gets
/// the rule), else by the person at the terminal for what it named, never more (naming none, or
/// none known, it may only learn the user's public key);
/// the account remembers it, so it needs no secret again. A fresh secret (when none is configured)
/// is good for one client: then the bunker makes another and reports the new link.
///
/// Requests are NIP-44 encrypted; a client that writes NIP-04 is answered in NIP-04. What is done
/// with the user's key is logged (client, method, kind, event id, time), never the texts.
///
/// The bunker honours the lock: when the user's key came from the unlock agent, each request but
/// `ping` is first checked against the agent, and answered `locked` while the agent does not hold
/// the key (`linkstr lock`, the auto-lock, or an agent gone). Whoever runs the bunker stops it on
/// the agent's `locked` event, so that the key leaves the process.
///
/// Strangers get little: a key that is not an approved client is answered only for `connect` and
/// `ping`; failed connects are throttled; a request older than ``requestLifetime`` or a replay of a
/// request id (remembered in the account, across restarts) is dropped; a malformed template is
/// refused, never signed with its tags left out. Relays that demand NIP-42 AUTH are answered with
/// the bunker's key.
///
/// Thread rule: `run` once; the clients are served side by side, each one's requests in the order
/// they arrive; an answer is sent without waiting for the relays' OK.
public final class Bunker: Sendable {
    static let subscriptionID = "linkstr-bunker"
    static let signerKeyLabel = Array("linkstr bunker signer key v1".utf8)

    /// The key clients send their requests to (not the user's key).
    public let signerKey: PublicKey
    public let relays: [String]
    private let signer: LocalSigner
    /// Signs, encrypts and decrypts with the user's key for approved clients.
    private let keyUse: BunkerKeyUse
    private let runtime: AccountRuntime
    private let pool: RelayClient
    /// Signs the pool's NIP-42 AUTH events with the bunker's key (kept as long as the pool).
    private let authentication: SignerService
    private let log: HostLog
    private let rule: [BunkerPermission]?
    private let approve: (@Sendable (BunkerConnectRequest) async -> BunkerApproval?)?
    private let report: @Sendable (BunkerActivity) -> Void
    /// The secret a new client must bring, and whether it is the configured one (kept) or a fresh
    /// one (replaced once used).
    private let secret: Mutex<String>
    private let secretIsConfigured: Bool
    /// Whether the key is locked now; nil when it did not come from the unlock agent.
    private let keyIsLocked: (@Sendable () -> Bool)?
    private let requests = BunkerRequests()
    private let failedConnects = BunkerConnectThrottle()
    /// The clients approved "once": they may use the key until this bunker stops, and are not remembered.
    private let clientsOfThisRun = Mutex<[PublicKey: BunkerClient]>([:])

    /// How long a new client's question waits for the person's answer; then it is a no.
    public static let approvalTimeout: Duration = .seconds(120)

    /// How far from now a request may be dated: older ones (a replay, or one a relay kept too long)
    /// and ones from the future are dropped.
    public static let requestLifetime: Int64 = 60

    /// - Parameters:
    ///   - relays: where to listen; by default `[signer] relays`, else the account's enabled relays.
    ///   - allow: the rule for new clients; by default `[signer] allow`. Nil and no rule: `approve` decides.
    ///   - approve: asks the person whether a new client may connect (once, always or not); answers nil
    ///     when it cannot ask. An answer should come within ``approvalTimeout``.
    ///   - report: told what happens (see ``BunkerActivity``).
    public init(
        account: OpenedAccount, relays: [String]? = nil, allow: [BunkerPermission]? = nil,
        approve: (@Sendable (BunkerConnectRequest) async -> BunkerApproval?)? = nil, report: @escaping @Sendable (BunkerActivity) -> Void = { _ in }
    ) throws(LinkstrError) {
        guard let user = account.runtime.signer as? LocalSigner else {
            throw LinkstrError(.failed, "this account's key is in a remote signer, not on this machine; linkstr can be a bunker only for a key it holds")
        }
        let settings = account.runtime.settings.bunker
        var listenOn = relays ?? settings.relays
        if listenOn.isEmpty {
            do {
                listenOn = try account.runtime.relays.enabled().map(\.url)
            } catch {
                throw LinkstrError(storage: error)
            }
        }
        guard !listenOn.isEmpty else {
            throw LinkstrError(.badInput, "the bunker has no relay to listen on; give one with --relay wss://… or enable one with `linkstr relay enable URL`")
        }
        let bunkerSigner: LocalSigner
        do {
            bunkerSigner = LocalSigner(secretKey: try SecretKey(bytes: RecordCipher.hmac(key: user.keypair.secretKey.exportBytes(), Self.signerKeyLabel)))
            // Relays that demand NIP-42 AUTH see the bunker's key, never the user's.
            authentication = SignerService(signer: bunkerSigner)
            pool = try account.host.relayClient(authenticating: .own(authentication))
        } catch {
            throw LinkstrError(.failed, "cannot set up the bunker: \(error)")
        }
        signer = bunkerSigner
        signerKey = bunkerSigner.publicKey
        keyUse = BunkerKeyUse(user: user, clock: account.runtime.clock)
        self.relays = listenOn
        runtime = account.runtime
        log = account.host.log
        rule = allow ?? settings.allow
        self.approve = approve
        self.report = report
        secretIsConfigured = settings.secret != nil
        secret = Mutex(settings.secret ?? Self.freshSecret())
        keyIsLocked = Self.lockCheck(account)
    }

    /// The lock a bunker of `account` honours: when the unlock agent handed out its key, whether
    /// the agent no longer holds it.
    private static func lockCheck(_ account: OpenedAccount) -> (@Sendable () -> Bool)? {
        let accounts = account.accounts
        guard let profile = try? accounts.selectedProfile(), profile.account.pubkey == account.runtime.me.hex, accounts.heldByAgent(profile) else {
            return nil
        }
        return { accounts.isLocked(profile) }
    }

    /// The clients approved once, for as long as this bunker serves (the remembered ones are the account's).
    public var clientsApprovedOnce: [BunkerClient] {
        clientsOfThisRun.withLock { Array($0.values) }.sorted { $0.approvedAt < $1.approvedAt }
    }

    /// Withdraws the approval of a client approved once; false when it is not one.
    @discardableResult
    public func forgetClientApprovedOnce(_ client: PublicKey) -> Bool {
        clientsOfThisRun.withLock { $0.removeValue(forKey: client) != nil }
    }

    /// The `bunker://` link a new client connects with.
    public var link: BunkerLink {
        BunkerLink(signer: signerKey, relays: relays, secret: secret.withLock { $0 })
    }

    /// Listens and answers until the task is cancelled, then leaves the relays.
    public func run() async throws(LinkstrError) {
        let filter = Filter(kinds: [RemoteSignerClient.eventKind], pubkeyReferences: [signerKey], since: runtime.clock() - 10)
        let messages: SubscriptionStream
        do {
            try pool.setRelays(relays.map { RelayConfiguration(url: $0) })
            messages = try pool.subscribe(Self.subscriptionID, filters: [filter])
        } catch {
            throw LinkstrError(.failed, "the bunker cannot listen on \(relays.joined(separator: ", ")): \(error)")
        }
        defer {
            pool.unsubscribe(Self.subscriptionID)
            try? pool.setRelays([])
        }
        // Requests are ephemeral events that relays do not keep: the link is shown only once a
        // relay has the subscription (its EOSE), so that a client cannot ask before anyone listens.
        let reminder = Task { [log, relays] in
            guard (try? await Task.sleep(for: .seconds(10))) != nil else { return }
            log.log(.warn, "signer: none of the bunker's relays (\(relays.joined(separator: ", "))) answered within 10 s; still trying")
        }
        defer { reminder.cancel() }
        var listening = false
        for await message in messages {
            switch message {
            case .endOfStoredEvents:
                guard !listening else { continue }
                listening = true
                reminder.cancel()
                log.log(.info, "signer: listening as \(signerKey.npub) on \(relays.joined(separator: ", "))")
                report(.listening(link))
            case .closed(let relay, let reason):
                log.log(.warn, "signer: \(relay) refused the bunker's subscription: \(reason)")
            case .event(let received):
                // Not cancelled with `run`: a request being answered when the bunker stops is finished.
                requests.enqueue(from: received.event.pubkey) { await self.handle(received.event) }
            case .duplicate, .rejected:
                continue
            }
        }
        await requests.finish()
    }

    private func handle(_ event: Event) async {
        guard event.kind == RemoteSignerClient.eventKind else { return }
        let client = event.pubkey
        let now = runtime.clock()
        guard abs(event.createdAt - now) <= Self.requestLifetime else {
            log.log(.debug, "signer: dropped a request from \(client.npub) dated more than \(Self.requestLifetime) s from now")
            return
        }
        let legacy = NIP04.isNIP04Payload(event.content)
        let text: String
        do {
            if legacy {
                text = try NIP04.decrypt(event.content, secretKey: signer.keypair.secretKey, peer: client)
            } else {
                text = try signer.nip44Decrypt(event.content, from: client)
            }
        } catch {
            log.log(.debug, "signer: a request from \(client.npub) does not decrypt: \(error)")
            return
        }
        guard let request = try? JSONDecoder().decode(RemoteSignerRequest.self, from: Data(text.utf8)) else {
            log.log(.debug, "signer: a request from \(client.npub) is not a NIP-46 request")
            return
        }
        let known: BunkerClient?
        do {
            known = try await BunkerRecords.bunkerClient(client, in: runtime) ?? clientsOfThisRun.withLock { $0[client] }
        } catch {
            log.log(.warn, "signer: cannot read the bunker's clients: \(error)")
            return
        }
        // A stranger learns nothing but that a bunker answers connect and ping here.
        guard known != nil || request.method == "connect" || request.method == "ping" else {
            log.log(.debug, "signer: ignored \(request.method) from \(client.npub), which is not an approved client")
            return
        }
        if known == nil, request.method == "connect", failedConnects.isThrottled(now: now) {
            log.log(.info, "signer: ignored a connect from \(client.npub): too many failed connects in the last minute")
            return
        }
        // A ping uses no key and changes nothing: it is not worth a write.
        if request.method != "ping" {
            guard await remember(request, from: client, createdAt: event.createdAt, now: now) else { return }
        }
        let response: RemoteSignerResponse
        if request.method != "ping", keyIsLocked?() == true {
            response = .refusal(request, Self.lockedError)
        } else {
            response = await answer(request, from: client, known: known)
        }
        if let error = response.error {
            log.log(.info, "signer: refused \(request.method) from \(client.npub): \(error)")
            report(.refused(client: client, method: request.method, reason: error))
            if known == nil, request.method == "connect" { failedConnects.failed(now: now) }
        }
        send(response, to: client, legacy: legacy)
    }

    /// Remembers the request's id; false (and logged) for a replay, or when it cannot be remembered.
    private func remember(_ request: RemoteSignerRequest, from client: PublicKey, createdAt: Int64, now: Int64) async -> Bool {
        do {
            guard try await BunkerRecords.rememberBunkerRequest(client: client, id: request.id, time: createdAt, forgettingBefore: now - Self.requestLifetime, in: runtime)
            else {
                log.log(.info, "signer: dropped a replay of request \(request.id) from \(client.npub)")
                return false
            }
            return true
        } catch {
            log.log(.warn, "signer: cannot remember request \(request.id) from \(client.npub), so it is not answered: \(error)")
            return false
        }
    }

    private func answer(_ request: RemoteSignerRequest, from client: PublicKey, known: BunkerClient?) async -> RemoteSignerResponse {
        switch request.method {
        case "connect": return await connect(request, from: client, known: known)
        case "ping": return .result(request, "pong")
        default: break
        }
        guard let approved = known else { return .refusal(request, "not connected; send connect with the bunker link's secret first") }
        switch request.method {
        case "get_public_key":
            return .result(request, keyUse.user.publicKey.hex)
        case "switch_relays":
            let list = (try? JSONSerialization.data(withJSONObject: relays, options: [.withoutEscapingSlashes])) ?? Data("[]".utf8)
            return .result(request, String(decoding: list, as: UTF8.self))
        case "logout":
            _ = try? await BunkerRecords.forgetBunkerClient(client, in: runtime)
            forgetClientApprovedOnce(client)
            log.log(.info, "signer: \(approved.label) logged out")
            return .result(request, "ack")
        case "sign_event":
            return await carryOut(keyUse.signEvent(request, for: approved), for: approved)
        case "nip44_encrypt", "nip44_decrypt", "nip04_encrypt", "nip04_decrypt":
            return await carryOut(keyUse.crypt(request, for: approved), for: approved)
        default:
            return .refusal(request, "unsupported method \(request.method)")
        }
    }

    private func connect(_ request: RemoteSignerRequest, from client: PublicKey, known: BunkerClient?) async -> RemoteSignerResponse {
        let params = request.params
        if let named = params.first, !named.isEmpty, named.lowercased() != signerKey.hex {
            return .refusal(request, "connect names another signer key than this bunker's")
        }
        if known != nil { return .result(request, "ack") }
        let given = params.count > 1 ? params[1] : ""
        guard !given.isEmpty, given == secret.withLock({ $0 }) else { return .refusal(request, "invalid secret") }
        let asking = BunkerConnectRequest(
            client: client, name: params.count > 3 ? Self.clientName(params[3]) : nil,
            requested: BunkerPermission.list(params.count > 2 ? params[2] : "").permissions)
        let granted: [BunkerPermission]
        var remembered = true
        if let rule {
            granted = rule.granting(asking.requested)
            guard !granted.isEmpty else {
                return .refusal(request, "the bunker's rule allows none of \(asking.requested.summary)")
            }
        } else {
            switch await approve?(asking) {
            case .always?: granted = asking.granted
            case .once?:
                granted = asking.granted
                remembered = false
            case .deny?: return .refusal(request, "the user refused the connection")
            case nil:
                return .refusal(request, "the bunker has no terminal to approve a new client on and no [signer] allow rule")
            }
        }
        // A fresh secret is good for one client; it may have been used while the person was asked.
        let spent = secret.withLock { current -> Bool in
            guard current == given else { return false }
            if !secretIsConfigured { current = Self.freshSecret() }
            return true
        }
        guard spent else { return .refusal(request, "invalid secret") }
        let approved = BunkerClient(pubkey: client, name: asking.name, permissions: granted, approvedAt: runtime.clock())
        if remembered {
            do {
                try await BunkerRecords.rememberBunkerClient(approved, in: runtime)
            } catch {
                return .refusal(request, "the bunker cannot remember the client: \(error)")
            }
        } else {
            clientsOfThisRun.withLock { $0[client] = approved }
        }
        log.log(.info, "signer: approved \(approved.label) for \(granted.summary)\(remembered ? "" : " until the bunker stops")")
        report(.approved(approved))
        if !secretIsConfigured { report(.newLink(link)) }
        return .result(request, "ack")
    }

    /// Carries out a use of the user's key (``BunkerKeyUse``) and logs it when it was carried out.
    private func carryOut(_ use: (response: RemoteSignerResponse, entry: BunkerLogEntry?), for client: BunkerClient) async -> RemoteSignerResponse {
        if let entry = use.entry { await record(entry, for: client) }
        return use.response
    }

    private func record(_ entry: BunkerLogEntry, for client: BunkerClient) async {
        let what = [entry.method, entry.kind.map { "kind \($0)" }, entry.eventID.map { "event \($0.hex)" }].compactMap { $0 }.joined(separator: " ")
        log.log(.info, "signer: \(what) for \(client.label)")
        do {
            try await BunkerRecords.recordBunkerRequest(entry, in: runtime)
        } catch {
            log.log(.warn, "signer: cannot log \(entry.method) for \(client.label): \(error)")
        }
        report(.carriedOut(entry))
    }

    /// Sends the answer; the relays' OK is waited for on the side (``BunkerRequests/track(_:)``), not
    /// by the client's next request.
    private func send(_ response: RemoteSignerResponse, to client: PublicKey, legacy: Bool) {
        let event: Event
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            let json = String(decoding: try encoder.encode(response), as: UTF8.self)
            let content: String
            if legacy {
                content = try NIP04.encrypt(json, secretKey: signer.keypair.secretKey, peer: client)
            } else {
                content = try signer.nip44Encrypt(json, to: client)
            }
            event = try signer.sign(
                UnsignedEvent(pubkey: signerKey, createdAt: runtime.clock(), kind: RemoteSignerClient.eventKind, tags: [["p", client.hex]], content: content))
        } catch {
            log.log(.warn, "signer: cannot answer \(client.npub): \(error)")
            return
        }
        requests.track(Task { [pool, log] in
            do {
                _ = try await pool.publish(event)
            } catch {
                log.log(.warn, "signer: no relay took the answer to \(client.npub): \(error)")
            }
        })
    }

    /// The answer to every request but `ping` while the key is locked.
    public static let lockedError = "locked"

    /// The `name` of NIP-46 client metadata (a JSON object), if it has one, without control
    /// characters (it is shown on the terminal) and at most 80 characters long.
    private static func clientName(_ metadata: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(metadata.utf8)) as? [String: Any],
            let text = object["name"] as? String
        else { return nil }
        let name = String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }).prefix(80))
        return name.isEmpty ? nil : name
    }

    private static func freshSecret() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    }
}
