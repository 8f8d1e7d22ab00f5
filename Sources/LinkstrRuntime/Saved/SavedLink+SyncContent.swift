import Foundation
import LinkstrEngine
import NostrCore

extension SavedLink {
    /// The link as the JSON its private sync event carries (encrypted): everything but the title,
    /// which each machine fetches itself.
    func syncContent() -> String {
        var object: [String: Any] = ["id": id, "url": url, "tags": tags, "saved_at": savedAt, "updated_at": updatedAt]
        object["note"] = note
        object["deleted_at"] = deletedAt
        object["shared_by"] = sharedBy?.hex
        object["session"] = sharedIn?.rawValue
        return JSONRecords.text(object)
    }

    /// The link a private sync event carried, or nil for content that is not one.
    init?(syncContent text: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let id = object["id"] as? String, let url = object["url"] as? String, let tags = object["tags"] as? [String],
            let savedAt = (object["saved_at"] as? NSNumber)?.int64Value, let updatedAt = (object["updated_at"] as? NSNumber)?.int64Value,
            let normalized = try? WebURL.normalize(url), normalized == url
        else { return nil }
        let names = tags.compactMap { try? TagName.normalize($0) }
        self.init(
            id: id, url: url, note: object["note"] as? String, tags: Array(Set(names)).sorted(), savedAt: savedAt, updatedAt: updatedAt,
            deletedAt: (object["deleted_at"] as? NSNumber)?.int64Value, sharedBy: (object["shared_by"] as? String).flatMap { try? PublicKey(hex: $0) },
            sharedIn: (object["session"] as? String).flatMap(SessionID.init))
    }
}
