/// The PostgreSQL schema, its versioned migrations (the `linkstr_schema` table) and the statements.
///
/// The same ideas as the SQLite schema: version 1 has the records table with its primary key
/// (owner, collection, key) and the feed index (owner, collection, parent, sort, key); version 2 adds
/// (owner, collection, sort, key) for ordered queries across every parent. Binary fields are bytea.
/// Stateless: thread-safe.
enum PGSchema {
    /// The key of the advisory lock that serializes migrations of concurrent processes.
    static let migrationLock: Int64 = 0x6C6B_7374_0001

    static let migrations: [String] = [
        """
        CREATE TABLE linkstr_records (
            owner bytea NOT NULL, collection bytea NOT NULL, key bytea NOT NULL, parent bytea NOT NULL,
            sort bigint NOT NULL, flags bigint NOT NULL, value bytea NOT NULL,
            PRIMARY KEY (owner, collection, key));
        CREATE INDEX linkstr_records_by_parent ON linkstr_records (owner, collection, parent, sort, key);
        """,
        """
        CREATE INDEX linkstr_records_by_sort ON linkstr_records (owner, collection, sort, key);
        """,
    ]

    static var latestVersion: Int { migrations.count }

    private static let bytea = PGValue.byteaType
    private static let int8 = PGValue.int8Type

    static let put = PGStatement(
        sql: """
            INSERT INTO linkstr_records (owner, collection, key, parent, sort, flags, value)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (owner, collection, key) DO UPDATE SET
                parent = EXCLUDED.parent, sort = EXCLUDED.sort, flags = EXCLUDED.flags, value = EXCLUDED.value
            """,
        parameterTypes: [bytea, bytea, bytea, bytea, int8, int8, bytea])
    static let delete = PGStatement(
        sql: "DELETE FROM linkstr_records WHERE owner = $1 AND collection = $2 AND key = $3",
        parameterTypes: [bytea, bytea, bytea])
    static let deleteParent = PGStatement(
        sql: "DELETE FROM linkstr_records WHERE owner = $1 AND collection = $2 AND parent = $3",
        parameterTypes: [bytea, bytea, bytea])
    static let get = PGStatement(
        sql: "SELECT parent, sort, flags, value FROM linkstr_records WHERE owner = $1 AND collection = $2 AND key = $3",
        parameterTypes: [bytea, bytea, bytea])
    static let countCollection = PGStatement(
        sql: "SELECT count(*) FROM linkstr_records WHERE owner = $1 AND collection = $2", parameterTypes: [bytea, bytea])
    static let countOwner = PGStatement(sql: "SELECT count(*) FROM linkstr_records WHERE owner = $1", parameterTypes: [bytea])
    static let deleteOwner = PGStatement(sql: "DELETE FROM linkstr_records WHERE owner = $1", parameterTypes: [bytea])

    /// The range query. Parameters: owner, collection, [parent,] sort min, sort max, flags mask, flags
    /// value, limit (NULL for none).
    static func query(matchParent: Bool, descending: Bool) -> PGStatement {
        let direction = descending ? "DESC" : "ASC"
        let next = matchParent ? 4 : 3
        return PGStatement(
            sql: """
                SELECT key, parent, sort, flags, value FROM linkstr_records
                WHERE owner = $1 AND collection = $2\(matchParent ? " AND parent = $3" : "")
                    AND sort BETWEEN $\(next) AND $\(next + 1) AND (flags & $\(next + 2)) = $\(next + 3)
                ORDER BY sort \(direction), key \(direction) LIMIT $\(next + 4)
                """,
            parameterTypes: [bytea, bytea] + (matchParent ? [bytea] : []) + [int8, int8, int8, int8, int8])
    }
}
