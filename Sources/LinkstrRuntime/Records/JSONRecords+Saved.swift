import Foundation

extension JSONRecords {
    /// A saved link: `{"id","url","tags","saved_at","note"?,"title"?,"deleted_at"?,"shared_by"?,"session"?}`.
    public static func savedLink(_ link: SavedLink) -> [String: Any] {
        var object: [String: Any] = ["id": link.id, "url": link.url, "tags": link.tags, "saved_at": ISOTime.string(link.savedAt)]
        object["note"] = link.note
        object["title"] = link.title
        object["deleted_at"] = link.deletedAt.map(ISOTime.string)
        object["shared_by"] = link.sharedBy?.hex
        object["session"] = link.sharedIn?.rawValue
        return object
    }

    /// What `save` did: the link, and whether it was saved already.
    public static func saveOutcome(_ outcome: SaveOutcome) -> [String: Any] {
        var object = savedLink(outcome.link)
        object["already_saved"] = outcome.alreadySaved
        return object
    }

    public static func tagScore(_ score: TagScore) -> [String: Any] {
        ["name": score.name, "count": score.count, "score": score.score]
    }

    /// `saved sync`: `{"sent","status","last_sync","last_attempt"?,"error"?,"failures","next_attempt"?}`.
    public static func webhookStatus(_ status: WebhookStatus) -> [String: Any] {
        var object: [String: Any] = [
            "sent": status.sent, "status": status.outcome.rawValue, "last_sync": status.lastSync.map(ISOTime.string) ?? NSNull(),
            "failures": status.failures,
        ]
        object["last_attempt"] = status.lastAttempt.map(ISOTime.string)
        object["error"] = status.error
        object["next_attempt"] = status.nextAttempt.map(ISOTime.string)
        return object
    }
}
