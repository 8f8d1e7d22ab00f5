/// The SQLite schema and its versioned migrations (`PRAGMA user_version`).
///
/// - Version 1: the `records` table, unique on (owner, collection, key), and the feed index
///   (owner, collection, parent, sort, key).
/// - Version 2: adds (owner, collection, sort, key), so that ordered queries across every parent (a
///   session list, the latest posts of every session) are answered by an index too, without sorting.
/// - Version 3: each (owner, collection) pair is stored once, in `scopes`, and records name it by a
///   small integer; an empty parent is NULL and the parent index holds only records that have one.
///   Every index entry was 37 bytes longer for the owner and the collection, and the parent index
///   held every seen wrap under the empty parent: with both gone the indexes are about half the size,
///   so more of a large store's index pages stay in the page cache and fewer are written per commit.
/// - Version 4: adds (scope, parent, sort, key) of the records that have a parent and any flag set.
///   A query by parent and flag (a session's unread posts) took the parent index and looked at every
///   record of the parent — a session list or a feed page read all 100 000 posts of a long session
///   to find the few unread ones; it now reads only the flagged ones.
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
        // AUTOINCREMENT: a scope id is never given again after its owner is deleted, so a statement
        // cannot reach another owner's records through an old id.
        """
        CREATE TABLE scopes (
            id INTEGER PRIMARY KEY AUTOINCREMENT, owner BLOB NOT NULL, collection BLOB NOT NULL,
            UNIQUE (owner, collection));
        INSERT INTO scopes (owner, collection) SELECT DISTINCT owner, collection FROM records ORDER BY owner, collection;
        CREATE TABLE scoped_records (
            scope INTEGER NOT NULL, key BLOB NOT NULL, parent BLOB,
            sort INTEGER NOT NULL, flags INTEGER NOT NULL, value BLOB NOT NULL,
            UNIQUE (scope, key));
        INSERT INTO scoped_records (scope, key, parent, sort, flags, value)
            SELECT scopes.id, records.key, nullif(records.parent, x''), records.sort, records.flags, records.value
            FROM records JOIN scopes ON scopes.owner = records.owner AND scopes.collection = records.collection
            ORDER BY records.rowid;
        DROP TABLE records;
        ALTER TABLE scoped_records RENAME TO records;
        CREATE INDEX records_by_parent ON records (scope, parent, sort, key) WHERE parent IS NOT NULL;
        CREATE INDEX records_by_sort ON records (scope, sort, key);
        """,
        """
        CREATE INDEX records_flagged_by_parent ON records (scope, parent, sort, key) WHERE flags <> 0 AND parent IS NOT NULL;
        """,
    ]

    static var latestVersion: Int { migrations.count }

    /// The scope of (?1 owner, ?2 collection) as a scalar subquery: NULL, so matching nothing, when
    /// the pair has no record yet.
    private static let scopeOf = "(SELECT id FROM scopes WHERE owner = ?1 AND collection = ?2)"

    static let scope = "SELECT id FROM scopes WHERE owner = ?1 AND collection = ?2"
    static let addScope = "INSERT INTO scopes (owner, collection) VALUES (?1, ?2) ON CONFLICT DO NOTHING"

    /// ?1 scope, ?2 key, ?3 parent (NULL when empty), ?4 sort, ?5 flags, ?6 value.
    static let put = """
        INSERT INTO records (scope, key, parent, sort, flags, value) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (scope, key) DO UPDATE SET
            parent = excluded.parent, sort = excluded.sort, flags = excluded.flags, value = excluded.value
        """
    static let delete = "DELETE FROM records WHERE scope = ?1 AND key = ?2"

    /// ?1 scope, ?2 parent (only when not empty).
    static func deleteParent(empty: Bool) -> String {
        "DELETE FROM records WHERE scope = ?1 AND \(empty ? "parent IS NULL" : "parent = ?2")"
    }

    static let get = "SELECT parent, sort, flags, value FROM records WHERE scope = \(scopeOf) AND key = ?3"
    static let countCollection = "SELECT count(*) FROM records WHERE scope = \(scopeOf)"
    static let countOwner = "SELECT count(*) FROM records WHERE scope IN (SELECT id FROM scopes WHERE owner = ?1)"
    static let deleteOwner = "DELETE FROM records WHERE scope IN (SELECT id FROM scopes WHERE owner = ?1)"
    static let deleteOwnerScopes = "DELETE FROM scopes WHERE owner = ?1"

    /// Which records of a scope a range query takes by parent.
    enum ParentMatch {
        case any
        /// The records without a parent (an empty one).
        case empty
        /// The records whose parent is ?3.
        case equal
    }

    /// The range query: ?1 owner, ?2 collection, ?3 parent (with `.equal`), ?4…?5 sort bounds, ?6
    /// flags mask, ?7 flags value, ?8 limit (-1 for none). `flagged`: the value asks for a flag set
    /// (not 0), so that a query by parent is answered by the index of flagged records.
    static func query(parent: ParentMatch, flagged: Bool = false, descending: Bool) -> String {
        let direction = descending ? "DESC" : "ASC"
        let parentTerm =
            switch parent {
            case .any: ""
            case .empty: " AND parent IS NULL"
            // The literal term lets SQLite take the partial index: only flagged records match anyway.
            case .equal: " AND parent = ?3" + (flagged ? " AND flags <> 0" : "")
            }
        return """
            SELECT key, parent, sort, flags, value FROM records
            WHERE scope = \(scopeOf)\(parentTerm)
                AND sort BETWEEN ?4 AND ?5 AND (flags & ?6) = ?7
            ORDER BY sort \(direction), key \(direction) LIMIT ?8
            """
    }
}
