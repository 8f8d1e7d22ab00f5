import LinkstrPluginKit

/// The scope ids (`scopes` rows, one per owner and collection) one `apply` transaction uses, each
/// read from the database once per transaction.
///
/// Thread rule: not thread-safe; lives inside one transaction on the connection's thread.
struct SQLiteScopes {
    let connection: SQLiteConnection
    private var known: [ScopeName: Int64?] = [:]

    private struct ScopeName: Hashable {
        let owner: [UInt8]
        let collection: String
    }

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// The id of (owner, collection), or nil when it holds no record yet.
    mutating func id(owner: [UInt8], collection: String) throws(PluginError) -> Int64? {
        let name = ScopeName(owner: owner, collection: collection)
        if let cached = known[name] { return cached }
        let id = try read(name)
        known[name] = id
        return id
    }

    /// The id of (owner, collection), added when it has none.
    mutating func add(owner: [UInt8], collection: String) throws(PluginError) -> Int64 {
        if let id = try id(owner: owner, collection: collection) { return id }
        let name = ScopeName(owner: owner, collection: collection)
        try connection.withStatement(SQLiteSchema.addScope) { statement throws(PluginError) in
            try statement.bind(1, owner)
            try statement.bind(2, collection)
            _ = try statement.step()
        }
        guard let id = try read(name) else {
            throw PluginError(.internal, "SQLite \(connection.path): a scope just added cannot be read back")
        }
        known[name] = id
        return id
    }

    private func read(_ name: ScopeName) throws(PluginError) -> Int64? {
        try connection.withStatement(SQLiteSchema.scope) { statement throws(PluginError) -> Int64? in
            try statement.bind(1, name.owner)
            try statement.bind(2, name.collection)
            return try statement.step() ? statement.int64(0) : nil
        }
    }
}
