import Foundation

extension NotificationRequest {
    /// The title and body one notifier shows.
    ///
    /// Generic by default — "New link", or "New link in Weekend" with `includeSession` — so that a
    /// push through a third-party server tells it nothing about what was shared. With
    /// `includeContent`, the wording of the iPhone app: "Alice shared a post" / the note, else the
    /// URL; "Alice reacted 👍" / "reacted with 👍 to …".
    public func text(includingContent includeContent: Bool, includingSession includeSession: Bool) -> (title: String, body: String) {
        let place = includeSession ? sessionName.map { " in \($0)" } ?? "" : ""
        guard includeContent else {
            switch kind {
            case .post: return ("linkstr", "New link\(place)")
            case .reaction: return ("linkstr", "New reaction\(place)")
            case .test: return ("linkstr", "Test notification from linkstr")
            case .saved: return ("linkstr", "Link saved")
            case .notSaved: return ("linkstr", "A link was not saved; run `linkstr save` on a terminal to see why")
            case .permission: return ("linkstr: allow this web site?", note ?? "")
            case .locked: return ("linkstr", note ?? "linkstr is locked")
            case .saveQuestion: return ("linkstr: save this link?", note ?? "")
            }
        }
        let sender = senderName ?? "Someone"
        let trimmedNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let preview = trimmedNote?.isEmpty == false ? trimmedNote : url
        switch kind {
        case .post:
            return ("\(sender) shared a post", preview ?? "Open linkstr to view")
        case .reaction:
            let reacted = emoji.map { "reacted \($0)" } ?? "reacted"
            let reactedWith = emoji.map { "reacted with \($0)" } ?? "reacted"
            return ("\(sender) \(reacted)", preview.map { "\(reactedWith) to \($0)" } ?? reactedWith)
        case .test:
            return ("linkstr", "Test notification from linkstr")
        case .saved:
            return ("Link saved", [url, note].compactMap { $0 }.joined(separator: "\n"))
        case .notSaved:
            return ("Link not saved", note ?? "")
        case .permission:
            return ("linkstr: allow this web site?", note ?? "")
        case .locked:
            return ("linkstr", note ?? "linkstr is locked")
        case .saveQuestion:
            return ("linkstr: save this link?", note ?? "")
        }
    }
}
