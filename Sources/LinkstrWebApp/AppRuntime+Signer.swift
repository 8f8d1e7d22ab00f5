import Foundation
import LinkstrRuntime

/// linkstr as a bunker from the app: the same ``Bunker`` as `linkstr signer serve`, its clients and
/// log as `signer clients` and `signer log` list them, `forget` as `signer forget`.
extension AppRuntime {
    /// How many entries of the bunker's log the signer page shows (newest first).
    static let signerLogShown = 50

    /// What the signer page shows.
    func signer() async throws(AppFailure) -> SignerView {
        let runtime = try runtime()
        let desk = signerDesk
        let bunker = desk.bunker
        let link = bunker?.link.uri
        var qr: (size: Int, modules: [Bool])?
        if let link, let code = try? QRCode(encoding: link) { qr = (code.size, code.modules) }
        return try await mapped {
            let remembered = try await BunkerRecords.bunkerClients(in: runtime)
            let once = bunker?.clientsApprovedOnce ?? []
            let names = Dictionary((remembered + once).map { ($0.pubkey, $0.label) }, uniquingKeysWith: { first, _ in first })
            let log = try await BunkerRecords.bunkerLog(limit: Self.signerLogShown, in: runtime).reversed().map { entry in
                SignerView.LogRow(
                    time: entry.time, method: entry.method, kind: entry.kind, eventID: entry.eventID?.hex, client: names[entry.client] ?? entry.client.npub)
            }
            return SignerView(
                serving: bunker != nil, listening: desk.isListening, link: link, relays: bunker?.relays ?? [], qr: qr, problem: desk.problem,
                questions: desk.questions.map { question in
                    SignerView.QuestionRow(
                        id: question.id, headline: question.request.headline,
                        grants: question.request.requested.map { (permission: $0.description, meaning: $0.meaning) }, askedAt: question.askedAt)
                },
                sites: siteQuestions,
                clients: remembered.map { SignerView.ClientRow($0, remembered: true) } + once.map { SignerView.ClientRow($0, remembered: false) },
                log: log)
        }
    }

    /// Starts serving, as `linkstr signer serve` without `--allow`: each new client is asked on the signer page.
    func startSigner() throws(AppFailure) {
        _ = try runtime()
        guard let opened else { throw AppFailure("this home has no account yet", isMissingAccount: true) }
        do throws(LinkstrError) {
            try signerDesk.start(opened)
        } catch {
            throw AppFailure(error)
        }
    }

    func stopSigner() async {
        await signerDesk.stop()
    }

    /// The person's answer to a new client's question.
    func answerSigner(_ id: String, _ answer: String) throws(AppFailure) {
        guard let approval = BunkerApproval(rawValue: answer) else { throw AppFailure("there is no answer '\(answer)'", isBadInput: true) }
        guard signerDesk.answer(id, approval) else {
            throw AppFailure("this question is no longer waiting: it was answered, nobody answered it within two minutes, or the bunker stopped", isBadInput: true)
        }
    }

    /// Withdraws a client's approval, as `linkstr signer forget`.
    func forgetSignerClient(_ key: String) async throws(AppFailure) {
        let runtime = try runtime()
        let client: PublicKey
        do throws(LinkstrError) {
            client = try BunkerRecords.clientKey(key)
        } catch {
            throw AppFailure(error)
        }
        let forgotten = try await mapped { try await BunkerRecords.forgetBunkerClient(client, in: runtime) }
        let forgottenOnce = signerDesk.bunker?.forgetClientApprovedOnce(client) ?? false
        guard forgotten || forgottenOnce else { throw AppFailure("\(client.npub) is not an approved client", isBadInput: true) }
    }
}
