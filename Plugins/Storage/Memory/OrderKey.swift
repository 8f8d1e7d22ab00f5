/// The position of a record in query order: (sort, key), keys compared byte by byte.
struct OrderKey: Comparable, Sendable {
    var sort: Int64
    var key: [UInt8]

    static func < (left: OrderKey, right: OrderKey) -> Bool {
        left.sort != right.sort ? left.sort < right.sort : left.key.lexicographicallyPrecedes(right.key)
    }
}
