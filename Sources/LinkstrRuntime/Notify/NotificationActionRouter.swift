import LinkstrHost

/// What a notifier's actions do: a click on a notification ("default") opens its post in the app
/// (with an app opener; else it opens the link), its "Open" button opens the notification's link;
/// "allow" and "deny" answer a pending question.
///
/// Thread rule: `handle` is called on the notifier's own thread (the ABI's `[any-thread]`); the
/// notifier (``NotifierPlugin``) keeps the router alive until it is destroyed.
final class NotificationActionRouter: NotificationActionHandler {
    static let openingActions: Set<String> = ["default", "open"]

    let opener: LinkOpener
    /// Opens a post's `linkstr://open` link in the app; nil when there is no app to open.
    let appOpener: LinkOpener?
    let links: RecentLinks
    let questions: PendingQuestions

    init(opener: LinkOpener, appOpener: LinkOpener?, links: RecentLinks, questions: PendingQuestions) {
        self.opener = opener
        self.appOpener = appOpener
        self.links = links
        self.questions = questions
    }

    func handle(notificationID: String, actionKey: String) {
        if PendingQuestions.answers.contains(actionKey) {
            questions.answer(notificationID, with: actionKey)
            return
        }
        guard Self.openingActions.contains(actionKey) else { return }
        guard let links = links.links(for: notificationID) else {
            opener.log.log(.info, "no link to open for notification \(notificationID)", source: opener.source)
            return
        }
        if actionKey == "default", let appOpener, let post = links.post {
            open(post, with: appOpener, setting: "app_command")
        } else {
            open(links.url, with: opener, setting: "open_command")
        }
    }

    private func open(_ link: String, with opener: LinkOpener, setting: String) {
        do {
            try opener.open(link)
        } catch {
            let hint = if case .programMissing = error { "; set \(setting) in [plugins.\"\(opener.source)\"]" } else { "" }
            opener.log.log(.warn, "\(error)\(hint)", source: opener.source)
        }
    }
}
