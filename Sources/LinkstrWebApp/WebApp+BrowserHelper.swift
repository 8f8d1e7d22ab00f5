import Foundation
import Hummingbird

/// The browser helper's questions: the answer to a site's request, given on the signer page.
extension WebApp {
    func addBrowserHelperRoutes(to router: Router<AppRequestContext>) {
        router.post("/signer/site-answer") { _, context in await page { try await answerSite(context.form) } }
    }

    private func answerSite(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.answerSite(form.first("id") ?? "", form.first("answer") ?? "")
        } catch where !error.isMissingAccount {
            return try await signer(problem: error.description)
        }
        return WebResponse.seeOther("/signer")
    }
}
