/// A statement the plugin prepares once per connection: its SQL and the types of its parameters.
/// A value type: thread-safe.
struct PGStatement: Hashable, Sendable {
    var sql: String
    var parameterTypes: [UInt32]
}
