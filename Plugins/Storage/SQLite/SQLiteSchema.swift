/// The SQLite schema and its versioned migrations (`PRAGMA user_version`).
///
/// - Version 1: the `records` table, unique on (owner, collection, key), and the feed index
///   (owner, collection, parent, sort, key).
/// - Version 2: adds (owner, collection, sort, key), so that ordered queries across every parent (a
///   session list, the latest posts of every session) are answered by an index too, without sorting.
///
/// A database of version N is brought to `latestVersion` by running `migrations[N...]` in one
/// transaction. Stateless: thread-safe.
enum SQLiteSchema {
    /// `PRAGMA application_id` of linkstr databases ("lkst").
    static let applicationID: Int32 = 0x6C6B_7374

    static let migrations: [String] = [
        """
        CREATE TABLE records (
            owner BLOB NOT NULL, collection BLOB NOT NULL, key BLOB NOT NULL, parent BLOB NOT NULL,
            sort INTEGER NOT NULL, flags INTEGER NOT NULL, value BLOB NOT NULL,
            UNIQUE (owner, collection, key));
        CREATE INDEX records_by_parent ON records (owner, collection, parent, sort, key);
        """,
        """
        CREATE INDEX records_by_sort ON records (owner, collection, sort, key);
        """,
    ]

    static var latestVersion: Int { migrations.count }

    static let put = """
        INSERT INTO records (owner, collection, key, parent, sort, flags, value) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        ON CONFLICT (owner, collection, key) DO UPDATE SET
            parent = excluded.parent, sort = excluded.sort, flags = excluded.flags, value = excluded.value
        """
    static let delete = "DELETE FROM records WHERE owner = ?1 AND collection = ?2 AND key = ?3"
    static let deleteParent = "DELETE FROM records WHERE owner = ?1 AND collection = ?2 AND parent = ?3"
    static let get = "SELECT parent, sort, flags, value FROM records WHERE owner = ?1 AND collection = ?2 AND key = ?3"
    static let countCollection = "SELECT count(*) FROM records WHERE owner = ?1 AND collection = ?2"
    static let countOwner = "SELECT count(*) FROM records WHERE owner = ?1"
    static let deleteOwner = "DELETE FROM records WHERE owner = ?1"

    /// The range query: ?1 owner, ?2 collection, ?3 parent (when matched), ?4…?5 sort bounds, ?6 flags
    /// mask, ?7 flags value, ?8 limit (-1 for none).
    static func query(matchParent: Bool, descending: Bool) -> String {
        let direction = descending ? "DESC" : "ASC"
        return """
            SELECT key, parent, sort, flags, value FROM records
            WHERE owner = ?1 AND collection = ?2\(matchParent ? " AND parent = ?3" : "")
                AND sort BETWEEN ?4 AND ?5 AND (flags & ?6) = ?7
            ORDER BY sort \(direction), key \(direction) LIMIT ?8
            """
    }
}
