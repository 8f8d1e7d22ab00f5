import Foundation
import LinkstrEngine
import NostrCore

/// `linkstr saved export --format json` (the records of `saved --json`), read back: every field the
/// export writes (id, url, tags, saved_at, note, title, shared_by, session) comes back.
public enum SavedLinkExport {
    /// Whether `bytes` look like that export (a JSON array) rather than a bookmarks.html.
    public static func isJSON(_ bytes: Data) -> Bool {
        bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) } == UInt8(ascii: "[")
    }

    /// The kept links as the export writes them: the records of `saved --json`, one JSON array.
    public static func json(_ links: [SavedLink]) -> String {
        JSONRecords.text(links.map(JSONRecords.SavedLinkRow.init)) + "\n"
    }

    public static func parse(_ bytes: Data) throws(LinkstrError) -> [BookmarkEntry] {
        guard let records = (try? JSONSerialization.jsonObject(with: bytes)) as? [Any] else {
            throw LinkstrError(.badInput, "the file is not a JSON array of saved links (as `linkstr saved export --format json` writes)")
        }
        var entries: [BookmarkEntry] = []
        for (index, item) in records.enumerated() {
            guard let record = item as? [String: Any], let url = record["url"] as? String else {
                throw LinkstrError(.badInput, "saved link \(index + 1) of the file has no \"url\"")
            }
            var entry = BookmarkEntry(
                url: url, title: record["title"] as? String, tags: record["tags"] as? [String] ?? [], note: record["note"] as? String,
                addedAt: (record["saved_at"] as? String).flatMap(ISOTime.seconds), id: record["id"] as? String)
            entry.sharedBy = (record["shared_by"] as? String).flatMap { try? PublicKey(hex: $0) }
            entry.sharedIn = (record["session"] as? String).flatMap(SessionID.init)
            entries.append(entry)
        }
        return entries
    }
}
