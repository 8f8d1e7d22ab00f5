import Glibc

extension NotificationRequest {
    /// The feedback of a save no terminal shows: the link, and its tags (the link and tags are
    /// content).
    public static func saved(_ outcome: SaveOutcome) -> NotificationRequest {
        let now = Int64(time(nil))
        let tags = outcome.link.tags.isEmpty ? "no tags" : "tags: " + outcome.link.tags.joined(separator: ", ")
        return NotificationRequest(
            id: freshID("saved", at: now), kind: .saved, url: outcome.link.url,
            note: outcome.alreadySaved ? "already saved; \(tags)" : tags, createdAt: now)
    }

    /// The feedback of a save that failed where no terminal shows why: `reason`, the sentence the
    /// command line prints (content: it may name the link).
    public static func notSaved(_ reason: String) -> NotificationRequest {
        let now = Int64(time(nil))
        return NotificationRequest(id: freshID("not-saved", at: now), kind: .notSaved, note: reason, createdAt: now)
    }

    /// The question a `linkstr://save` link from the desktop asks before it saves: `text`, the link
    /// and its tags as the person should read them.
    public static func saveQuestion(_ text: String) -> NotificationRequest {
        let now = Int64(time(nil))
        return NotificationRequest(id: freshID("save", at: now), kind: .saveQuestion, note: text, createdAt: now)
    }
}
