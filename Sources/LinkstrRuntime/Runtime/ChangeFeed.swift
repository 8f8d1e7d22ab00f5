import Foundation
import LinkstrHost

/// The change feed: what each sync or watch stored, one record per session and kind of change a
/// batch, for the processes of the home that do not watch (the app while `linkstr watch` or the
/// service follows the home). A reader asks for what came after its cursor; the records are kept
/// `retention`, so the feed stays small however long the home lives.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum ChangeFeed {
    /// How long a change stays in the feed.
    static let retention: Int64 = 10 * 60 * 1_000_000
    /// How far before its cursor a reader looks again: a batch committed by another process may
    /// carry a time a little older than one read already.
    static let slack: Int64 = 5 * 1_000_000
    /// The most old records one batch deletes (the rest go with the next ones).
    static let pruneLimit = 64

    /// Buffers, with the batch that stored them, one record per session and kind of `changes`, and
    /// the delete of records older than `retention`.
    static func buffer(_ changes: [EngineChange], in account: isolated AccountRuntime) throws(LinkstrError) {
        guard !changes.isEmpty else { return }
        let now = Self.now()
        var seen = Set<StoredChange>()
        var written = 0
        for change in changes.map(StoredChange.init) where seen.insert(change).inserted {
            var key = withUnsafeBytes(of: (now + Int64(written)).bigEndian, Array.init)
            key += withUnsafeBytes(of: UInt64.random(in: .min ... .max), Array.init)
            var value = RecordValueWriter(version: 1)
            value.string(change.kind.rawValue)
            value.string(change.session.rawValue)
            try account.withStore { try account.store.put(EngineCollection.change, key: key, sort: now + Int64(written), value: value.bytes) }
            written += 1
        }
        let old = StorageQuery(
            owner: account.me.rawBytes, collection: EngineCollection.change, sortRange: .min...(now - Self.retention), limit: Self.pruneLimit)
        for record in try account.withStore({ try account.store.backend.query(old) }) { account.store.deleteRecord(EngineCollection.change, key: record.key) }
    }

    /// What the change feed holds after `cursor`, oldest first, each once, and the cursor to ask with
    /// next; with no cursor, nothing (what was stored before the reader began is not news) and the
    /// first cursor. A record that does not read is a storage error.
    public static func storedChanges(
        after cursor: StoredChangeCursor?, in account: isolated AccountRuntime
    ) throws(LinkstrError) -> (changes: [StoredChange], cursor: StoredChangeCursor) {
        var next = cursor ?? StoredChangeCursor(time: Self.now(), read: [:])
        let records = try account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.change, sortRange: (next.time - Self.slack)...(.max)))
        var changes: [StoredChange] = []
        for record in records {
            guard next.read.updateValue(record.sort, forKey: record.key) == nil else { continue }
            next.time = max(next.time, record.sort)
            guard cursor != nil else { continue }
            do throws(RecordValueError) {
                var reader = try RecordValueReader(record.value)
                let kind = StoredChange.Kind(rawValue: try reader.string())
                let session = SessionID(try reader.string())
                guard let kind, let session else { throw RecordValueError("an unknown change") }
                changes.append(StoredChange(kind: kind, session: session))
            } catch {
                throw LinkstrError(.storage, "storage: a record of the change feed is damaged (\(error))")
            }
        }
        next.read = next.read.filter { $0.value >= next.time - Self.slack }
        return (changes, next)
    }

    /// Now in microseconds: the feed's times (several batches a second keep their order).
    private static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000)
    }
}
