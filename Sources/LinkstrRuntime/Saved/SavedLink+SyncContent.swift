import Foundation
import LinkstrEngine
import NostrCore

extension SavedLink {
    /// The link as the JSON its private sync event carries (encrypted): everything but the title,
    /// which each machine fetches itself.
    func syncContent() -> String {
        JSONRecords.text(
            SyncContent(
                id: id, url: url, tags: tags, savedAt: savedAt, updatedAt: updatedAt, note: note, deletedAt: deletedAt, sharedBy: sharedBy?.hex,
                session: sharedIn?.rawValue))
    }

    /// The sync event's content: optional fields are left out when empty.
    private struct SyncContent: Encodable {
        let id: String
        let url: String
        let tags: [String]
        let savedAt: Int64
        let updatedAt: Int64
        let note: String?
        let deletedAt: Int64?
        let sharedBy: String?
        let session: String?

        enum CodingKeys: String, CodingKey {
            case id, url, tags, note, session
            case savedAt = "saved_at"
            case updatedAt = "updated_at"
            case deletedAt = "deleted_at"
            case sharedBy = "shared_by"
        }
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
