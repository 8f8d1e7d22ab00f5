import PluginABI

extension StorageQuery {
    /// Lends the query to `call` as an `lkh_storage_query`; its bytes live until `call` returns.
    /// A limit above `UInt32.max` asks for that many.
    public func lending<Result>(_ call: (UnsafePointer<lkh_storage_query>) -> Result) -> Result {
        var arena = ByteArena()
        let ownerSpan = arena.add(owner)
        let collectionSpan = arena.add(collection.utf8)
        let parentSpan = arena.add(parent ?? [])
        return arena.withBytes { bytes in
            var query = lkh_storage_query(
                struct_size: UInt32(MemoryLayout<lkh_storage_query>.size), owner: bytes(ownerSpan),
                collection: bytes(collectionSpan), match_parent: parent == nil ? 0 : 1, parent: bytes(parentSpan),
                sort_min: sortRange.lowerBound, sort_max: sortRange.upperBound, flags_mask: flagsMask,
                flags_value: flagsValue, order: descending ? LKH_ORDER_DESCENDING : LKH_ORDER_ASCENDING,
                limit: UInt32(clamping: limit ?? 0))
            return call(&query)
        }
    }
}
