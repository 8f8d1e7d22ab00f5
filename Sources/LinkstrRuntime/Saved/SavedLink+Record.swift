import LinkstrEngine
import NostrCore

extension SavedLink {
    /// The record value of the link itself; its tags are records of their own (`SavedCollection.tag`).
    func encodedRecord() -> [UInt8] {
        var writer = RecordValueWriter(version: 1)
        writer.string(id)
        writer.string(url)
        writer.optionalString(note)
        writer.int64(savedAt)
        writer.int64(updatedAt)
        writer.bool(deletedAt != nil)
        writer.int64(deletedAt ?? 0)
        writer.optionalString(sharedBy?.hex)
        writer.optionalString(sharedIn?.rawValue)
        return writer.bytes
    }

    /// The link a record value holds, without tags or title.
    init(record bytes: [UInt8]) throws(RecordValueError) {
        var reader = try RecordValueReader(bytes)
        guard reader.version == 1 else { throw RecordValueError("saved link format \(reader.version) is unknown") }
        let id = try reader.string()
        let url = try reader.string()
        let note = try reader.optionalString()
        let savedAt = try reader.int64()
        let updatedAt = try reader.int64()
        let deleted = try reader.bool()
        let deletedAt = try reader.int64()
        let sharedBy = try reader.optionalString().flatMap { try? PublicKey(hex: $0) }
        let sharedIn = try reader.optionalString().flatMap(SessionID.init)
        guard reader.isAtEnd else { throw RecordValueError("a saved link record has trailing bytes") }
        self.init(
            id: id, url: url, note: note, savedAt: savedAt, updatedAt: updatedAt, deletedAt: deleted ? deletedAt : nil, sharedBy: sharedBy,
            sharedIn: sharedIn)
    }
}
