import LinkstrHost

/// What a notifier's actions do: a click on a notification ("default") or on its "Open" button opens
/// the notification's link; "allow" and "deny" answer a pending question.
///
/// Thread rule: `handle` is called on the notifier's own thread (the ABI's `[any-thread]`); the
/// notifier (``NotifierPlugin``) keeps the router alive until it is destroyed.
final class NotificationActionRouter: NotificationActionHandler {
    static let openingActions: Set<String> = ["default", "open"]

    let opener: LinkOpener
    let links: RecentLinks
    let questions: PendingQuestions

    init(opener: LinkOpener, links: RecentLinks, questions: PendingQuestions) {
        self.opener = opener
        self.links = links
        self.questions = questions
    }

    func handle(notificationID: String, actionKey: String) {
        if PendingQuestions.answers.contains(actionKey) {
            questions.answer(notificationID, with: actionKey)
            return
        }
        guard Self.openingActions.contains(actionKey) else { return }
        guard let link = links.link(for: notificationID) else {
            opener.log.log(.info, "no link to open for notification \(notificationID)", source: opener.source)
            return
        }
        do {
            try opener.open(link)
        } catch {
            let hint = if case .programMissing = error { "; set open_command in [plugins.\"\(opener.source)\"]" } else { "" }
            opener.log.log(.warn, "\(error)\(hint)", source: opener.source)
        }
    }
}
