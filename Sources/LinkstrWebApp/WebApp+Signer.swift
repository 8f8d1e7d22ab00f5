import Foundation
import Hummingbird

/// linkstr as a bunker: the signer page (live), start and stop, the answers to new clients, forget.
extension WebApp {
    func addSignerRoutes(to router: Router<AppRequestContext>) {
        router.get("/signer") { request, _ in await page { try await signer(fragment: Self.wantsFragment(request)) } }
        router.post("/signer/start") { _, _ in await page { try await startSigner() } }
        router.post("/signer/stop") { _, _ in await page { await stopSigner() } }
        router.post("/signer/answer") { _, context in await page { try await answerSigner(context.form) } }
        router.post("/signer/forget") { _, context in await page { try await forgetSignerClient(context.form) } }
    }

    /// The signer page (or, as a fragment, its live part); with a problem, a 400.
    func signer(fragment: Bool = false, problem: String? = nil) async throws(AppFailure) -> Response {
        let view = try await runtime.signer()
        let now = Int64(Date().timeIntervalSince1970)
        if fragment { return WebResponse.html(SignerPage.live(view, now: now, csrf: secrets.csrf)) }
        return WebResponse.html(
            SignerPage.render(view, now: now, csrf: secrets.csrf, me: try await runtime.me(), problem: problem), status: problem == nil ? .ok : .badRequest)
    }

    private func startSigner() async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.startSigner()
        } catch where !error.isMissingAccount {
            return try await signer(problem: error.description)
        }
        return WebResponse.seeOther("/signer")
    }

    private func stopSigner() async -> Response {
        await runtime.stopSigner()
        return WebResponse.seeOther("/signer")
    }

    private func answerSigner(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.answerSigner(form.first("id") ?? "", form.first("answer") ?? "")
        } catch where !error.isMissingAccount {
            return try await signer(problem: error.description)
        }
        return WebResponse.seeOther("/signer")
    }

    private func forgetSignerClient(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.forgetSignerClient(form.trimmed("client") ?? "")
        } catch where !error.isMissingAccount {
            return try await signer(problem: error.description)
        }
        return WebResponse.seeOther("/signer")
    }
}
