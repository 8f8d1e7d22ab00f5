import LinkstrEngine
import LinkstrHost
import NostrCore

/// Reading the account's records: queries with their values opened, paged reading, post records.
extension AccountRuntime {
    /// A query's records, their values opened.
    func read(_ query: StorageQuery) throws(LinkstrError) -> [StoredRecord] {
        try withStore { try store.query(query) }
    }

    /// Hands `body` the records of a descending `query`, newest first, until it returns false: read
    /// and opened `pageSize` at a time (all at once when nil), so that a caller that stops early
    /// (the first page of a feed) does not read the whole collection.
    ///
    /// A page ends at some sort value; the next one starts at that value again (records of equal sort
    /// come in one order, by key) and skips the records of that value already handed out.
    func forEachRecord(
        _ query: StorageQuery, pageSize: Int?, _ body: (StoredRecord) throws(LinkstrError) -> Bool
    ) throws(LinkstrError) {
        precondition(query.descending && query.limit == nil, "forEachRecord pages descending queries without a limit")
        var page = query
        var handedOut = 0
        while true {
            page.limit = pageSize.map { $0 + handedOut }
            let records = try read(page)
            for record in records.dropFirst(handedOut) {
                guard try body(record) else { return }
            }
            guard let pageSize, records.count == pageSize + handedOut, let last = records.last else { return }
            page.sortRange = page.sortRange.lowerBound...last.sort
            handedOut = records.reversed().prefix { $0.sort == last.sort }.count
        }
    }

    /// The post an opened post record holds; a damaged one is a storage error, never skipped silently.
    static func storedPost(_ record: StoredRecord) throws(LinkstrError) -> Post {
        guard let reference = postReference(record.key) else {
            throw LinkstrError(.storage, "storage: a post record has a malformed key")
        }
        do {
            return try EngineRecordCodec.decodePost(reference, record.value)
        } catch {
            throw LinkstrError(.storage, "storage: the stored post \(reference.postID.hex) of session \(reference.sessionID) is damaged (\(error))")
        }
    }

    /// The reference a post record's key encodes (session id ‖ 0 ‖ post id).
    static func postReference(_ key: [UInt8]) -> PostReference? {
        guard key.count > 33, key[key.count - 33] == 0, let session = SessionID(String(decoding: key[..<(key.count - 33)], as: UTF8.self)),
            let id = EventID(bytes: key[(key.count - 32)...])
        else { return nil }
        return PostReference(sessionID: session, postID: RumorID(id))
    }
}
