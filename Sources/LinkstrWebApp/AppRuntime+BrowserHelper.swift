import Foundation
import LinkstrRuntime

/// The browser helper's questions from the app: a site's request (NIP-07) is answered on the signer
/// page, and `linkstr browser host` remembers the answer for that profile as it does a notification's.
extension AppRuntime {
    /// Takes the questions of this home's browser helper (not for `selftest`, which watches nothing).
    func startBrowserHelperDesk() {
        guard watches else { return }
        browserHelperDesk.start(at: AppPermissionPrompt.address(for: configuration))
    }

    /// The sites' questions, as the signer page shows them.
    var siteQuestions: [SignerView.SiteQuestionRow] {
        browserHelperDesk.questions.map { question in
            let permission = question.permission
            return SignerView.SiteQuestionRow(
                id: question.id, origin: permission.origin, profile: permission.profileName,
                request: permission.method.rawValue + (permission.kind.map { ":\($0)" } ?? ""), meaning: permission.meaning, askedAt: question.askedAt)
        }
    }

    /// The person's answer to a site's question.
    func answerSite(_ id: String, _ answer: String) throws(AppFailure) {
        guard let given = BrowserAnswer(rawValue: answer) else { throw AppFailure("there is no answer '\(answer)'", isBadInput: true) }
        guard browserHelperDesk.answer(id, given) else {
            throw AppFailure("this question is no longer waiting: it was answered, or nobody answered it within a minute", isBadInput: true)
        }
    }
}
