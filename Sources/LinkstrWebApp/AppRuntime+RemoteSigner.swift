import Foundation
import LinkstrRuntime

/// Connecting a remote signer from the app, with the runtime calls `linkstr account connect` makes:
/// a bunker:// link (its signer, relays and secret confirmed first), or a nostrconnect:// offer for
/// a signer to scan; then the signer names the user's key and proves it holds it, and the account
/// is kept — new, or reconnected (when another signer would replace the account's, the person is asked).
extension AppRuntime {
    /// A pasted bunker:// link, read as `account connect` reads it; `relay` added when the link names none.
    static func bunkerLink(_ text: String, relay: String?) throws(AppFailure) -> BunkerLink {
        do throws(BunkerLinkError) {
            var link = try BunkerLink(parsing: text)
            if let relay { link = try link.withRelay(relay) }
            return link
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
    }

    /// Connects to the signer of `link` in the background; the connect page follows it.
    func connectRemoteSigner(_ link: BunkerLink) throws(AppFailure) {
        guard !link.relays.isEmpty else { throw AppFailure(BunkerLink.namesNoRelay(howToGive: "give the signer's relay (wss://…)")) }
        let (app, keyStore) = (self.app, self.keyStore)
        let started = signerConnection.begin(.connecting(signer: link.signer.npub)) {
            let sessionKey = SecretKey.generate()
            do {
                let client = try app.remoteSignerClient(link: link, sessionKey: sessionKey)
                do {
                    try await client.connect(secret: link.secret)
                } catch {
                    client.close()
                    throw error
                }
                await self.keep(client, sessionKey: sessionKey, confirmed: false, app: app, keyStore: keyStore)
            } catch {
                self.signerConnection.move(to: .failed(Self.said(error)))
            }
        }
        guard started else { throw AppFailure("a connection to a signer is already under way", isBadInput: true) }
    }

    /// Shows a nostrconnect:// offer for `relays` (else config.toml's) and waits in the background
    /// for a signer to answer it.
    func offerRemoteSigner(relays given: [String]) throws(AppFailure) {
        let (app, keyStore) = (self.app, self.keyStore)
        let sessionKey = SecretKey.generate()
        let offer: NostrConnectLink
        do throws(LinkstrError) {
            offer = try RemoteSignerAccount.offer(sessionKey: sessionKey, relays: given, howToGive: "give one (wss://…)", in: app)
        } catch {
            throw AppFailure(error)
        }
        let deadline = Int64(Date().timeIntervalSince1970) + Int64(NostrConnectLink.defaultWait)
        let started = signerConnection.begin(.offering(uri: offer.uri, deadline: deadline)) {
            do {
                let client = try await RemoteSignerAccount.accept(offer, sessionKey: sessionKey, wait: .seconds(NostrConnectLink.defaultWait), listening: {}, in: app)
                await self.keep(client, sessionKey: sessionKey, confirmed: false, app: app, keyStore: keyStore)
            } catch {
                self.signerConnection.move(to: .failed(Self.said(error)))
            }
        }
        guard started else { throw AppFailure("a connection to a signer is already under way", isBadInput: true) }
    }

    /// The person's answer to "replace the signer?".
    func answerReplacement(_ replace: Bool) throws(AppFailure) {
        guard let replacement = signerConnection.takeReplacement() else {
            throw AppFailure("no signer is waiting to replace this account's", isBadInput: true)
        }
        guard replace else {
            replacement.client.close()
            signerConnection.move(to: .failed(replacement.current.keptSigner))
            return
        }
        signerConnection.move(to: .connecting(signer: replacement.client.signer.npub))
        let (app, keyStore) = (self.app, self.keyStore)
        Task { await self.keep(replacement.client, sessionKey: replacement.sessionKey, confirmed: true, app: app, keyStore: keyStore) }
    }

    /// Asks the signer for the user's key and its proof, and keeps the account; the account is
    /// then opened here (again, when it was open with its former signer).
    /// Off the actor: the runtime's question about the signer is answered here, in this task.
    private nonisolated func keep(_ client: RemoteSignerClient, sessionKey: SecretKey, confirmed: Bool, app: LinkstrApp, keyStore: KeyStoreKind?) async {
        var replacing: RemoteSignerLink?
        let connection: RemoteSignerConnection
        do {
            connection = try await RemoteSignerAccount.keep(
                client, sessionKey: sessionKey, answerTimeout: nil, name: nil, keyStore: { accounts in keyStore ?? accounts.defaultKeyStore() }, in: app,
                confirmReplacing: { (current: RemoteSignerLink, _: PublicKey) throws(LinkstrError) in
                    guard !confirmed else { return }
                    replacing = current
                    throw LinkstrError(.failed, current.keptSigner)
                })
        } catch {
            if let replacing {
                signerConnection.move(
                    to: .replacing(question: replacing.replacement(by: client.signer)),
                    keeping: SignerConnection.Replacement(client: client, sessionKey: sessionKey, current: replacing))
                return
            }
            client.close()
            signerConnection.move(to: .failed(Self.said(error)))
            return
        }
        client.close()
        await reopen()
        signerConnection.move(to: .connected(npub: connection.user.npub, reconnected: connection.reconnected))
    }

    /// A page's words for a failure of the handshake, as the command line says it.
    static func said(_ error: any Error) -> String {
        switch error {
        case let error as AppFailure: return error.description
        case let error as LinkstrError: return error.description
        case let error as RemoteSignerError: return error.description
        default: return "\(error)"
        }
    }
}
