import Foundation
import Hummingbird
import LinkstrRuntime

/// Using a remote signer: the connect page (live), the confirmation of a pasted bunker:// link, the
/// nostrconnect:// offer and the answer to "replace the signer?". It works with or without an account.
extension WebApp {
    func addRemoteSignerRoutes(to router: Router<AppRequestContext>) {
        router.get("/signer/remote") { request, _ in await page { await remoteSigner(fragment: Self.wantsFragment(request)) } }
        router.post("/signer/remote/check") { _, context in await page { await confirmRemoteSigner(context.form) } }
        router.post("/signer/remote/connect") { _, context in await page { await connectRemoteSigner(context.form) } }
        router.post("/signer/remote/offer") { _, context in await page { await offerRemoteSigner(context.form) } }
        router.post("/signer/remote/replace") { _, context in await page { await answerReplacement(context.form) } }
    }

    /// The account's npub for the top bar; nil during onboarding.
    private func account() async -> String? {
        guard await runtime.hasAccount() else { return nil }
        return try? await runtime.me()
    }

    private func remoteSigner(fragment: Bool = false, link: String = "", problem: String? = nil) async -> Response {
        let connection = runtime.signerConnection
        let now = Int64(Date().timeIntervalSince1970)
        if fragment { return WebResponse.html(RemoteSignerPage.status(connection.phase, authURL: connection.authURL, now: now, csrf: secrets.csrf)) }
        return WebResponse.html(
            RemoteSignerPage.render(connection.phase, authURL: connection.authURL, now: now, csrf: secrets.csrf, me: await account(), link: link, problem: problem),
            status: problem == nil ? .ok : .badRequest)
    }

    private func confirmRemoteSigner(_ form: Form) async -> Response {
        let text = form.first("link") ?? ""
        var link: BunkerLink?
        var problem = ""
        do throws(AppFailure) {
            link = try AppRuntime.bunkerLink(text, relay: nil)
        } catch {
            problem = error.description
        }
        guard let link else { return await remoteSigner(link: text, problem: problem) }
        return WebResponse.html(RemoteSignerPage.confirm(link, text: text, csrf: secrets.csrf, me: await account()))
    }

    private func connectRemoteSigner(_ form: Form) async -> Response {
        let text = form.first("link") ?? ""
        var problem: String?
        do throws(AppFailure) {
            try await runtime.connectRemoteSigner(try AppRuntime.bunkerLink(text, relay: form.trimmed("relay")))
        } catch {
            problem = error.description
        }
        guard let problem else { return WebResponse.seeOther("/signer/remote") }
        return await remoteSigner(link: text, problem: problem)
    }

    private func offerRemoteSigner(_ form: Form) async -> Response {
        var problem: String?
        do throws(AppFailure) {
            try await runtime.offerRemoteSigner(relays: form.trimmed("relay").map { [$0] } ?? [])
        } catch {
            problem = error.description
        }
        guard let problem else { return WebResponse.seeOther("/signer/remote") }
        return await remoteSigner(problem: problem)
    }

    private func answerReplacement(_ form: Form) async -> Response {
        var problem: String?
        do throws(AppFailure) {
            try await runtime.answerReplacement(form.first("answer") == "replace")
        } catch {
            problem = error.description
        }
        guard let problem else { return WebResponse.seeOther("/signer/remote") }
        return await remoteSigner(problem: problem)
    }
}
